import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

export const inspectionRoutes: FastifyPluginAsyncTypebox = async () => {};
