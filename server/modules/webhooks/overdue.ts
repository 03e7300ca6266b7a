import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { taskAssignments } from '../../db/schema';
import { insertDeliveries } from '../../lib/integrationEvents';
import { isoInstant } from '../../lib/jsonRows';
import type { Jobs } from '../../plugins/jobs';
import { tenantsTaking } from './repository';

/**
 * How far back a run looks for tasks that became overdue: runs are 15 minutes apart, so a run or
 * two missed (a restart) loses nothing, and the key keeps what was told from being told again.
 */
const LOOK_BACK = sql`interval '2 hours'`;

/**
 * Overdue is the clock's doing, not a write's: each run tells every tenant's subscriptions to
 * `task.overdue` of the stores' tasks whose due time passed (within LOOK_BACK) while still open or
 * sent back, and not before the subscription existed. One statement per tenant, in its own
 * transaction with the delivery jobs.
 */
export async function emitOverdue(db: Db, jobs: Jobs, tenantId?: number): Promise<number> {
  let written = 0;
  const tenants = await tenantsTaking(db, 'task.overdue');
  for (const tenant of tenants.filter((t) => tenantId === undefined || t === tenantId)) {
    written += await db.transaction((tx) =>
      insertDeliveries(
        jobs,
        tx,
        tenant,
        'task.overdue',
        sql`SELECT md5(${`${tenant}:task.overdue:`} || a.id)::uuid::text AS event_id,
            'task.overdue:' || a.id AS key, a.id AS ord, a.due_at, a.tenant_id,
            jsonb_build_object('task_id', a.task_id, 'assignment_id', a.id,
              'store_id', a.workspace_node_id, 'due_at', ${isoInstant(sql`a.due_at`)}) AS data
          FROM ${taskAssignments} a
          WHERE a.tenant_id = ${tenant} AND a.status IN ('open', 'rejected')
            AND a.due_at <= now() AND a.due_at > now() - ${LOOK_BACK}
            AND (a.expires_at IS NULL OR a.expires_at > a.due_at)`,
        // Joined on the tenant too, so that Citus runs it on the tenant's shard.
        sql`s.tenant_id = i.tenant_id AND s.created_at <= i.due_at`,
      ),
    );
  }
  return written;
}
