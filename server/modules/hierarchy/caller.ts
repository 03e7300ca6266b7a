import type { FastifyRequest } from 'fastify';
import { scopedAuthOf } from '../../plugins/auth';
import type { Caller } from './service';

/** The acting tenant, scope and position of a request behind the guard (hierarchy, workspaces, store info). */
export function callerOf(request: FastifyRequest): Caller {
  const auth = scopedAuthOf(request);
  return { tenantId: auth.tenant.id, scope: auth.scope, positionId: auth.position.id };
}
