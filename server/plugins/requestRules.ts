import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../lib/errors';
import { fieldNotFinite, fieldTooDeep, fieldWithNul, MAX_NESTING } from '../lib/validation';

/**
 * Rules every route shares. Text with a NUL character is refused before it reaches SQL (PostgreSQL
 * rejects it in text columns, which used to surface as a 500). Answers behind the guard carry
 * personal data, so no cache in between may keep them.
 */
export const requestRulesPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    // First, so that the walks below (and validation) only ever see shallow values.
    const deep = fieldTooDeep(request.query) ?? fieldTooDeep(request.body);
    if (deep)
      throw badRequest(`${deep} nests values more than ${MAX_NESTING} levels deep`, {
        [deep]: `nests more than ${MAX_NESTING} levels deep`,
      });
    const field = fieldWithNul(request.query) ?? fieldWithNul(request.body);
    if (field)
      throw badRequest(`${field} contains a character that is not allowed (NUL)`, {
        [field]: 'contains a NUL character',
      });
  });
  app.addHook('preHandler', async (request) => {
    const field = fieldNotFinite(request.query) ?? fieldNotFinite(request.params);
    if (field) throw badRequest(`${field} must be a finite number`, { [field]: 'must be a finite number' });
  });
  app.addHook('onSend', async (request, reply) => {
    const access = request.routeOptions.config?.access;
    if (access && !access.public && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
  });
});
