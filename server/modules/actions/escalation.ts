import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sqlRows } from '../../lib/jsonRows';
import { nodeZoneIn } from '../../lib/workspaceZone';
import type { Jobs } from '../../plugins/jobs';
import { queueActionEscalated } from '../notification/events';
import { escalationDelays } from '../notification/service';
import { addEvent } from './repository';

/**
 * Overdue actions go one level up the tree (issue 49): an action still open or in progress
 * `action_hours` (the tenant's delay) after the end of its due date in its store's zone is marked
 * escalated, its history says so, and the people above its store are told (notification module).
 * Once per action: changing its due date or reopening it clears the mark. `now` is the job's clock.
 */
export async function escalateOverdue(db: Db, jobs: Jobs, now = new Date()): Promise<number[]> {
  const open = await sqlRows<{ id: number }>(db, sql`SELECT id FROM tenants WHERE enabled ORDER BY id`);
  const escalated: number[] = [];
  for (const { id: tenantId } of open) {
    const { action_hours: hours } = await escalationDelays(db, tenantId);
    const at = sql`${now.toISOString()}::timestamptz`;
    escalated.push(
      ...(await db.transaction(async (tx) => {
        const rows = await sqlRows<{ id: number }>(
          tx,
          sql`UPDATE actions a SET escalated_at = ${at}
            FROM hierarchy_nodes n
            WHERE a.tenant_id = ${tenantId} AND n.tenant_id = ${tenantId} AND n.id = a.store_node_id
              AND a.status IN ('open', 'in_progress') AND a.closed_at IS NULL AND a.escalated_at IS NULL
              AND ((a.due_date + 1)::timestamp AT TIME ZONE ${nodeZoneIn(tenantId)})
                + make_interval(hours => ${hours}) <= ${at}
            RETURNING a.id::int AS id`,
        );
        for (const { id } of rows) {
          await addEvent(tx, { tenantId, actionId: id, userId: null, kind: 'escalated' });
          await queueActionEscalated(jobs, tx, tenantId, id);
        }
        return rows.map((r) => r.id);
      })),
    );
  }
  return escalated;
}
