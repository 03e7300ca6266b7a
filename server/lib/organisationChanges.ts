import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import type { Jobs } from '../plugins/jobs';

/**
 * Queues, on `db` (a write's own transaction, so a rollback queues nothing), the job that
 * re-checks which stores each task of the tenant reaches. Keyed per tenant, so a burst of
 * organisation writes queues one refresh. Bulk imports call it after writing stores.
 */
export function queueTaskTargetRefresh(jobs: Jobs, db: Db, tenantId: number) {
  return jobs.send(
    db,
    'tasks.materialise',
    { tenantId, refreshTargets: true },
    { singletonKey: `tasks.refresh:${tenantId}` },
  );
}

/**
 * Registers, in a hierarchy or workspace routes plugin, a hook that follows every successful
 * write with a `tasks.materialise` job for the caller's tenant that re-checks which stores each
 * task reaches: a store created, moved or re-activated under a targeted container gets the
 * occurrences to come; one deactivated or moved out loses its future open ones. The job is keyed
 * per tenant, so a burst of tree edits queues one refresh instead of one per edit.
 */
export function refreshTaskTargetsAfterWrites(app: FastifyInstance) {
  // onSend, not onResponse: the job is queued before the answer leaves, so whoever sees the
  // answer (a test draining the queue, the next request) also sees the job.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method === 'GET' || reply.statusCode >= 300 || !request.caller) return payload;
    const tenantId = request.caller.tenantId;
    await queueTaskTargetRefresh(app.jobs, app.db, tenantId).catch((err: unknown) =>
      request.log.error({ err }, 'could not enqueue the task target refresh'),
    );
    return payload;
  });
}
