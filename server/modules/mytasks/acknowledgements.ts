import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { taskAcknowledgements } from '../../db/schema';

/**
 * Records that a person has read a communication; false when they already had (a live one exists).
 * The caller holds the assignment's row lock, so a person acknowledging twice at once is serialised;
 * the partial unique index is the last wall.
 */
export async function insertAcknowledgement(db: Db, tenantId: number, assignmentId: number, userId: number) {
  const rows = await db
    .insert(taskAcknowledgements)
    .values({ tenantId, assignmentId, userId })
    .onConflictDoNothing({
      target: [taskAcknowledgements.tenantId, taskAcknowledgements.assignmentId, taskAcknowledgements.userId],
      where: sql`not ${taskAcknowledgements.stale}`,
    })
    .returning({ id: taskAcknowledgements.id });
  return rows.length > 0;
}

/**
 * Marks a communication `done` once every enabled person positioned at its workspace has read it
 * (the store's progress counts people). Nobody positioned there: it stays open.
 */
export async function closeWhenEveryoneRead(db: Db, tenantId: number, assignmentId: number, userId: number) {
  await db.execute(sql`
    UPDATE task_assignments a SET status = 'done', completed_by = ${userId}, completed_at = now(),
      first_time_right = true, updated_at = now()
    WHERE a.tenant_id = ${tenantId} AND a.id = ${assignmentId} AND a.status = 'open'
      AND EXISTS (SELECT 1 FROM positions p
        JOIN users u ON u.tenant_id = p.tenant_id AND u.id = p.user_id AND u.enabled
        WHERE p.tenant_id = a.tenant_id AND p.node_id = a.workspace_node_id)
      AND NOT EXISTS (SELECT 1 FROM positions p
        JOIN users u ON u.tenant_id = p.tenant_id AND u.id = p.user_id AND u.enabled
        WHERE p.tenant_id = a.tenant_id AND p.node_id = a.workspace_node_id
          AND NOT EXISTS (SELECT 1 FROM task_acknowledgements k
            WHERE k.tenant_id = a.tenant_id AND k.assignment_id = a.id AND k.user_id = p.user_id
              AND NOT k.stale))`);
}

/**
 * For Task Management's update of a published communication: everyone must read the new version.
 * The acknowledgements of its current assignments (not yet past due) turn stale and those
 * assignments return to `open`; past days keep their history. Does nothing for other task types.
 * Call it inside the update's transaction. Returns how many acknowledgements went stale.
 */
export async function markAcknowledgementsStale(tx: Tx | Db, tenantId: number, taskId: number) {
  const current = sql`SELECT a.id FROM task_assignments a
    JOIN tasks t ON t.tenant_id = a.tenant_id AND t.id = a.task_id
    JOIN task_types tt ON tt.tenant_id = t.tenant_id AND tt.id = t.type_id AND tt.kind = 'communication'
    WHERE a.tenant_id = ${tenantId} AND a.task_id = ${taskId} AND a.due_at > now()
      AND a.status IN ('open', 'done')`;
  const result = (await tx.execute(sql`
    WITH staled AS (
      UPDATE task_acknowledgements k SET stale = true
      WHERE k.tenant_id = ${tenantId} AND NOT k.stale AND k.assignment_id IN (${current})
      RETURNING k.id
    ), reopened AS (
      UPDATE task_assignments a SET status = 'open', completed_by = NULL, completed_at = NULL,
        first_time_right = NULL, updated_at = now()
      WHERE a.tenant_id = ${tenantId} AND a.status = 'done' AND a.id IN (${current})
      RETURNING a.id
    )
    SELECT (SELECT count(*) FROM staled)::int AS n, (SELECT count(*) FROM reopened)::int AS reopened`)) as unknown as {
    rows: { n: number }[];
  };
  return result.rows[0]?.n ?? 0;
}
