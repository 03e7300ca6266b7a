import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ApiRateLimits } from '../config';
import { finishDocument, SECURITY_SCHEMES } from '../lib/openapiDocument';
import { documentedSchema } from '../lib/openapiOperation';
import type { ServerModule } from '../modules/module';

/**
 * The OpenAPI document of every route (`/api/docs/json`, browsable at `/api/docs`), made from the
 * routes' own schemas and `config.access`, for programs and for generating clients (`npm run
 * openapi` writes it to a file; the test command lints it with Redocly's recommended rules).
 */
export const openapiPlugin = fp(
  async (
    app: FastifyInstance,
    opts: { publicUrl: string; modules: readonly ServerModule[]; limits: ApiRateLimits },
  ) => {
    const tags = Object.assign({}, ...opts.modules.map((module) => module.tags ?? {}));
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'Storeline API',
          version: '1',
          description:
            'The API the Storeline web app uses, and programs too. Every answer is `{status, data}` and every error `{status, message, errors?}`. Call it with `Authorization: Bearer <token>`: a session token from `POST /api/login`, or an API token.',
        },
        components: { securitySchemes: SECURITY_SCHEMES },
      },
      transform: ({ schema, url, route }) => ({
        schema: documentedSchema(route, url, schema, opts.limits),
        url,
      }),
      transformObject: (document) =>
        finishDocument('openapiObject' in document ? document.openapiObject : {}, {
          publicUrl: opts.publicUrl,
          tags,
        }),
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs' });
  },
  { name: 'openapi' },
);
