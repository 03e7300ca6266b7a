import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { FileStorage } from '../lib/storage';

declare module 'fastify' {
  interface FastifyInstance {
    files: FileStorage;
  }
}

/** The largest upload any route accepts; each route asks for its own, smaller limit. */
const MAX_UPLOAD_BYTES = 25 * 1024 * 1024;

/** Gives every route the file storage and multipart uploads (read with lib/uploads `readUpload`). */
export const filesPlugin = fp(async (app: FastifyInstance, opts: { storage: FileStorage }) => {
  app.decorate('files', opts.storage);
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 20, parts: 25 } });
});
