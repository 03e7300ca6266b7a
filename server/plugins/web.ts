import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Serves the built web app. The app routes with real paths (/password/reset/<token>), so every
 * GET that is not an API call or a file answers with index.html and the browser router takes over.
 */
export const webPlugin = fp(async (app: FastifyInstance, opts: { root: string | undefined }) => {
  const root = opts.root;
  const hasWeb = Boolean(root && existsSync(path.join(root, 'index.html')));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: root!,
      wildcard: false,
      index: false,
      setHeaders: (res, filePath) => {
        // Vite puts a content hash in every asset name, so they never change under the same URL.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (hasWeb && request.method === 'GET' && !pathname.startsWith('/api/') && pathname !== '/api') {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send({ status: 404, message: `No API route ${request.method} ${pathname}` });
  });
});
