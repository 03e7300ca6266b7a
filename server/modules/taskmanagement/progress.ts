import { type SQL, sql } from 'drizzle-orm';
import type { Progress, StoreProgress } from '../../../contract/api/tasks';
import type { Db } from '../../db/client';
import { hierarchyNodes, taskAssignments, workspaces } from '../../db/schema';
import type { Caller } from '../../lib/caller';
import { workspaceZone } from '../../lib/workspaceZone';
import { ASSIGNED, DONE, DUE_SO_FAR, OVERDUE, UPCOMING } from '../figures/definitions';

/*
 * Progress counts, by the product's definitions (figures/definitions.ts): assigned = occurrences
 * due so far or dealt with early; done and overdue among them; upcoming = later ones, with the
 * first one's due time. Counted only at workspaces in the caller's part of the tree: an area
 * manager following a head-office task sees their own stores.
 */

export const EMPTY_PROGRESS: Progress = { assigned: 0, done: 0, overdue: 0, upcoming: 0, next_due_at: null };

/** The progress columns of a group of assignments `a` (the task list, the day view, per store). */
export const PROGRESS_COUNTS = sql`
  count(*) FILTER (WHERE ${ASSIGNED} AND ${DUE_SO_FAR})::int AS assigned,
  count(*) FILTER (WHERE ${DONE})::int AS done,
  count(*) FILTER (WHERE ${OVERDUE})::int AS overdue,
  count(*) FILTER (WHERE ${UPCOMING})::int AS upcoming,
  min(a.due_at) FILTER (WHERE ${UPCOMING}) AS next_due_at`;

export type ProgressRow = Omit<Progress, 'next_due_at'> & { next_due_at: string | Date | null };

export const progressOf = (r: ProgressRow): Progress => ({
  assigned: Number(r.assigned),
  done: Number(r.done),
  overdue: Number(r.overdue),
  upcoming: Number(r.upcoming),
  next_due_at: r.next_due_at === null ? null : new Date(r.next_due_at).toISOString(),
});

/** Root callers need no join: every assignment of the tenant is theirs. */
function scoped(caller: Caller): { join: SQL; where: SQL } {
  if (caller.nodeType === 'root') return { join: sql``, where: sql`` };
  return {
    join: sql`JOIN ${hierarchyNodes} sn ON sn.tenant_id = a.tenant_id AND sn.id = a.workspace_node_id`,
    where: sql`AND sn.path LIKE ${`${caller.scope.path}%`}`,
  };
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export async function progressByTask(
  db: Db,
  caller: Caller,
  taskIds: readonly number[],
): Promise<Map<number, Progress>> {
  if (taskIds.length === 0) return new Map();
  const scope = scoped(caller);
  const result = await db.execute(sql`
    SELECT a.task_id, ${PROGRESS_COUNTS}
    FROM ${taskAssignments} a ${scope.join}
    WHERE a.tenant_id = ${caller.tenantId} AND a.task_id IN (${sql.join(
      taskIds.map((id) => sql`${id}`),
      sql`, `,
    )}) ${scope.where}
    GROUP BY a.task_id`);
  return new Map(
    rowsOf<{ task_id: number } & ProgressRow>(result).map((r) => [Number(r.task_id), progressOf(r)]),
  );
}

export async function progressByStore(db: Db, caller: Caller, taskId: number): Promise<StoreProgress[]> {
  const result = await db.execute(sql`
    SELECT n.id AS node_id, n.name, w.identifier, ${workspaceZone(caller.tenantId)} AS timezone, ${PROGRESS_COUNTS}
    FROM ${taskAssignments} a
    JOIN ${hierarchyNodes} n ON n.tenant_id = a.tenant_id AND n.id = a.workspace_node_id
    LEFT JOIN ${workspaces} w ON w.tenant_id = n.tenant_id AND w.node_id = n.id
    WHERE a.tenant_id = ${caller.tenantId} AND a.task_id = ${taskId} AND n.path LIKE ${`${caller.scope.path}%`}
    GROUP BY n.id, n.name, w.identifier, w.timezone
    ORDER BY n.name, n.id`);
  return rowsOf<Omit<StoreProgress, 'next_due_at'> & ProgressRow>(result).map((r) => ({
    node_id: Number(r.node_id),
    name: r.name,
    identifier: r.identifier ?? null,
    timezone: r.timezone,
    ...progressOf(r),
  }));
}
