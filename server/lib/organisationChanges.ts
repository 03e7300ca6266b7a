import type { Db } from '../db/client';
import type { Jobs } from '../plugins/jobs';
import { queueReportRollupIfChanged } from './reportChanges';

/**
 * Queues, on `db` (a write's own transaction, so a rollback queues nothing), the job that
 * re-checks which stores each task of the tenant reaches. Keyed per tenant, so a burst of
 * organisation writes queues one refresh.
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
 * The follow-ups of a write to the tree (a store created, moved, renamed, (de)activated or
 * deleted; positions moved), queued in its transaction `tx` by the service that wrote: a
 * `tasks.materialise` job re-checks which stores each task reaches (a store created or moved
 * under a targeted container gets the occurrences to come; one deactivated or moved out loses its
 * future open ones), and a roll-up job when the write changed a rolled report day. `jobs`
 * undefined: demo data being seeded, before any task exists.
 */
export async function queueOrganisationFollowUps(jobs: Jobs | undefined, tx: Db, tenantId: number) {
  if (!jobs) return;
  await queueTaskTargetRefresh(jobs, tx, tenantId);
  await queueReportRollupIfChanged(jobs, tx, tenantId);
}
