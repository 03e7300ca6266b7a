import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { ErrorBody } from '../../../contract/api/common';
import { responses } from '../../lib/http';

export const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Process up and database reachable (for load balancers)',
        response: {
          ...responses(Type.Object({ database: Type.String(), uptime_s: Type.Number() })),
          503: ErrorBody,
        },
      },
      config: { access: { public: true } },
    },
    async (_request, reply) => {
      try {
        await app.database.ping();
      } catch (err) {
        app.log.error({ err }, 'health check: database unreachable');
        return reply.code(503).send({ status: 503, message: 'Database unreachable' });
      }
      return { status: 200, data: { database: app.database.kind, uptime_s: Math.round(process.uptime()) } };
    },
  );
};
