import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

export const formTemplateRoutes: FastifyPluginAsyncTypebox = async () => {};
