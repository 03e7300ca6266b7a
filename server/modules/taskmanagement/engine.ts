import { and, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { hierarchyNodes, taskAssignments, tasks, taskTargets } from '../../db/schema';
import { emitEvent } from '../../lib/integrationEvents';
import { isoInstant, sqlRows } from '../../lib/jsonRows';
import { targetNode } from '../../lib/taskJoins';
import { bumpStores, bumpVersion } from '../../lib/versions';
import type { Jobs } from '../../plugins/jobs';
import { queueTaskStarts } from '../notification/events';
import { targetedWorkspaces, weekStartDay } from './organisation';
import { addDays, daysBetween, occurrenceDates } from './recurrence';

/*
 * The assignment engine (design §5): turns a published task into one assignment per occurrence per
 * targeted workspace. Every write is one set-based statement per task — never a query per store —
 * and relies on the unique (tenant, task, workspace, occurrence date) key, so running anything
 * here twice changes nothing.
 */

/** How far ahead recurring tasks are materialised. */
export const HORIZON_DAYS = 14;

export const todayOf = (now: Date) => now.toISOString().slice(0, 10);

type TaskRow = typeof tasks.$inferSelect;

export interface TargetPaths {
  include: string[];
  exclude: string[];
}

export async function loadTargetPaths(db: Db, tenantId: number, taskId: number): Promise<TargetPaths> {
  const rows = await db
    .select({ mode: taskTargets.mode, path: hierarchyNodes.path })
    .from(taskTargets)
    .innerJoin(hierarchyNodes, targetNode)
    .where(and(eq(taskTargets.tenantId, tenantId), eq(taskTargets.taskId, taskId)));
  return {
    include: rows.filter((r) => r.mode === 'include').map((r) => r.path),
    exclude: rows.filter((r) => r.mode === 'exclude').map((r) => r.path),
  };
}

export interface MaterialiseWindow {
  from: string;
  to: string;
  /** Only occurrences still due after this instant (stores joining later get no overdue backlog). */
  dueAfter?: Date;
}

/**
 * Which occurrences a task should have now: a one-off task its single one; a recurring task those
 * due from yesterday on, up to the horizon (only future ones unless `backlog`).
 */
export function windowFor(
  task: Pick<TaskRow, 'startDate' | 'dueDate' | 'recurrence'>,
  now: Date,
  backlog = false,
): MaterialiseWindow {
  if (!task.recurrence)
    return { from: task.startDate, to: task.startDate, dueAfter: backlog ? undefined : now };
  const span = daysBetween(task.startDate, task.dueDate);
  const today = todayOf(now);
  return { from: addDays(today, -1 - span), to: addDays(today, HORIZON_DAYS), dueAfter: now };
}

/**
 * Local date + local time → instant, in the workspace's zone, as RFC 5545 and Temporal's
 * "compatible" rule have it: a time in a spring-forward gap moves forward by the gap (PostgreSQL
 * does so), and a time that occurs twice at a fall-back takes the first of its instants
 * (PostgreSQL takes the later, standard-time one: so an instant up to two hours earlier that
 * reads as the same local time is preferred; zones shift by 30 minutes to 2 hours).
 */
function instant(date: SQL, time: SQL) {
  const { later, earlier } = localTime(date, time, sql`ws.zone`);
  // The earliest candidate first: the first of a repeated time.
  const cases = [...SHIFTS]
    .reverse()
    .map((shift) => sql`WHEN ${earlier(shift).same} THEN ${earlier(shift).at}`);
  return sql`(CASE ${sql.join(cases, sql` `)} ELSE ${later} END)`;
}

/** Zones shift by 30 minutes to 2 hours at a daylight-saving change. */
const SHIFTS = ['30 minutes', '1 hour', '2 hours'];

/**
 * Local date + time in `zone`, as PostgreSQL reads it (`later`: after a gap, and the standard-time
 * instant of a repeated time), and `earlier(shift)`: the instant `shift` before it, with whether
 * that instant reads as the same local time (then the local time happens twice).
 */
function localTime(date: SQL, time: SQL, zone: SQL) {
  const local = sql`((${date}) + (${time}))`;
  const later = sql`(${local} AT TIME ZONE ${zone})`;
  const earlier = (shift: string) => {
    const at = sql`(${later} - interval ${sql.raw(`'${shift}'`)})`;
    return { at, same: sql`(${at} AT TIME ZONE ${zone}) = ${local}` };
  };
  return { local, later, earlier };
}

/**
 * What a daylight-saving change does to local date + time in `zone` (SQL): 'skipped' when the
 * clocks jump over it (it is read as the instant after the gap), 'repeated' when it happens twice
 * (the first is used), else NULL. The same rule `instant` applies, so a form can say it ahead.
 */
export function clockChange(date: SQL, time: SQL, zone: SQL): SQL<'skipped' | 'repeated' | null> {
  const { local, later, earlier } = localTime(date, time, zone);
  const twice = sql.join(
    SHIFTS.map((shift) => earlier(shift).same),
    sql` OR `,
  );
  return sql`(CASE WHEN (${later} AT TIME ZONE ${zone}) <> ${local} THEN 'skipped'
    WHEN ${twice} THEN 'repeated' END)`;
}

/**
 * Creates the task's missing assignments for the occurrences in the window, in one statement.
 * Locks the task row first, so an edit or archive running at the same time waits or is waited for.
 * Returns how many assignments were created. With `jobs`, queues the notice of each new start in
 * the same transaction (the seed, which has no queue, tells nobody).
 */
export async function materialiseTask(
  db: Db,
  tenantId: number,
  taskId: number,
  window: MaterialiseWindow,
  jobs?: Jobs,
): Promise<number> {
  const [task] = await db
    .select()
    .from(tasks)
    .where(and(eq(tasks.tenantId, tenantId), eq(tasks.id, taskId)))
    .for('update');
  if (task?.status !== 'published') return 0;
  const dates = occurrenceDates(
    { startDate: task.startDate, recurrence: task.recurrence },
    window.from,
    window.to,
    task.recurrence ? await weekStartDay(db, tenantId) : 1,
  );
  if (dates.length === 0) return 0;
  const targets = await loadTargetPaths(db, tenantId, taskId);
  if (targets.include.length === 0) return 0;

  const span = daysBetween(task.startDate, task.dueDate);
  const day = sql`o.d`;
  const dueDay = sql`(o.d + ${span}::int)`;
  const dueAt = instant(dueDay, sql`${task.dueTime}::time`);
  // A window never starts after it is due: on a spring-forward day a start in the gap moves
  // forward past a due time just after it (Los Angeles 02:30–03:00 on 2027-03-14).
  const startAt = sql`LEAST(${instant(day, sql`${task.startTime}::time`)}, ${dueAt})`;
  const expiresAt =
    task.expiry === null
      ? sql`NULL::timestamptz`
      : task.expiry === 'end_of_day'
        ? instant(sql`${dueDay} + 1`, sql`'00:00'::time`)
        : instant(dueDay, sql`${task.expiry}::time`);
  const made = await sqlRows<{ start_at: string; n: number }>(
    db,
    sql`
    WITH made AS (
    INSERT INTO ${taskAssignments}
      (tenant_id, task_id, workspace_node_id, occurrence_date, due_date, status, start_at, due_at, expires_at)
    SELECT * FROM (
      SELECT ${tenantId}::int, ${taskId}::int, ws.node_id, o.d, ${dueDay}, 'open', ${startAt} AS start_at,
             ${dueAt} AS due_at, ${expiresAt}
      FROM ${targetedWorkspaces(tenantId, targets.include, targets.exclude)} ws
      CROSS JOIN unnest(${`{${dates.join(',')}}`}::date[]) AS o(d)
    ) planned
    ${window.dueAfter ? sql`WHERE planned.due_at > ${window.dueAfter.toISOString()}::timestamptz` : sql``}
    ON CONFLICT (tenant_id, task_id, workspace_node_id, occurrence_date) DO NOTHING
    RETURNING start_at)
    SELECT ${isoInstant(sql`start_at`)} AS start_at, count(*)::int AS n FROM made GROUP BY start_at`,
  );
  // Each new start is told to the store's people when it comes (a job at that instant).
  if (jobs)
    await queueTaskStarts(
      jobs,
      db,
      tenantId,
      taskId,
      made.map((m) => m.start_at),
    );
  return made.reduce((sum, m) => sum + Number(m.n), 0);
}

/** Rows a write touched, on either driver. */
export function affected(result: unknown): number {
  const r = result as { rowCount?: number | null; affectedRows?: number };
  return r.rowCount ?? r.affectedRows ?? 0;
}

/** Drops a published task's open assignments that have not started yet (before an edit re-plans them). */
export async function dropFutureOpen(db: Db, tenantId: number, taskId: number, now: Date): Promise<number> {
  const result = await db.execute(sql`
    DELETE FROM ${taskAssignments}
    WHERE tenant_id = ${tenantId} AND task_id = ${taskId} AND status = 'open'
      AND start_at > ${now.toISOString()}::timestamptz`);
  return affected(result);
}

/** Archiving closes every open assignment of the task as cancelled. */
export async function cancelOpen(db: Db, tenantId: number, taskId: number): Promise<number> {
  const result = await db.execute(sql`
    UPDATE ${taskAssignments} SET status = 'cancelled', updated_at = now()
    WHERE tenant_id = ${tenantId} AND task_id = ${taskId} AND status = 'open'`);
  return affected(result);
}

/**
 * Open assignments whose expiry has passed become expired instead of piling up as overdue, with
 * the versions of the stores they belong to moved on, and `task.expired` told (lib/integrationEvents),
 * in the same transaction.
 */
export async function expirePassed(db: Db, now: Date, tenantId?: number, jobs?: Jobs): Promise<number> {
  return db.transaction(async (tx) => {
    const expired = await sqlRows<{
      tenant_id: number;
      id: number;
      task_id: number;
      workspace_node_id: number;
      expires_at: Date | string;
    }>(
      tx,
      sql`UPDATE ${taskAssignments} SET status = 'expired', updated_at = now()
        WHERE status = 'open' AND expires_at <= ${now.toISOString()}::timestamptz
          ${tenantId === undefined ? sql`` : sql`AND tenant_id = ${tenantId}`}
        RETURNING tenant_id, id, task_id, workspace_node_id, expires_at`,
    );
    const byTenant = new Map<number, typeof expired>();
    for (const row of expired) {
      const rows = byTenant.get(Number(row.tenant_id)) ?? [];
      rows.push(row);
      byTenant.set(Number(row.tenant_id), rows);
    }
    for (const [tenant, rows] of [...byTenant].sort(([a], [b]) => a - b)) {
      await bumpStores(
        tx,
        tenant,
        rows.map((r) => r.workspace_node_id),
      );
      await emitEvent(
        jobs,
        tx,
        tenant,
        'task.expired',
        rows.map((r) => ({
          task_id: Number(r.task_id),
          assignment_id: Number(r.id),
          store_id: Number(r.workspace_node_id),
          // Formatted here: Citus takes no locale-dependent to_char in an UPDATE's RETURNING.
          expired_at: new Date(r.expires_at).toISOString(),
        })),
      );
    }
    return expired.length;
  });
}

async function publishedTasks(db: Db, tenantId: number | undefined, recurringOnly: boolean) {
  const conditions = [eq(tasks.status, 'published')];
  if (tenantId !== undefined) conditions.push(eq(tasks.tenantId, tenantId));
  if (recurringOnly) conditions.push(isNotNull(tasks.recurrence));
  return db
    .select({
      tenantId: tasks.tenantId,
      id: tasks.id,
      startDate: tasks.startDate,
      dueDate: tasks.dueDate,
      recurrence: tasks.recurrence,
    })
    .from(tasks)
    .where(and(...conditions));
}

export interface MaterialiseOptions {
  tenantId?: number;
  now?: Date;
  /** Queues the notices of the assignments made (see materialiseTask). */
  jobs?: Jobs;
}

/**
 * The job of the queue (`tasks.materialise`, see jobs.ts): rolls every published recurring task's
 * assignments forward to the horizon and expires what has passed its expiry. Each task runs in its
 * own short transaction, so a long run never holds many locks.
 */
export async function materialiseDue(db: Db, options: MaterialiseOptions = {}) {
  const now = options.now ?? new Date();
  let created = 0;
  for (const task of await publishedTasks(db, options.tenantId, true)) {
    created += await db.transaction(async (tx) => {
      const made = await materialiseTask(tx, task.tenantId, task.id, windowFor(task, now), options.jobs);
      if (made > 0) await bumpVersion(tx, task.tenantId, 'tasks');
      return made;
    });
  }
  const expired = await expirePassed(db, now, options.tenantId, options.jobs);
  return { created, expired };
}

/**
 * After the organisation changes (a workspace created, moved, re-activated, deactivated or moved
 * out): workspaces no longer targeted (or no longer active) lose their open assignments that have
 * not started, and workspaces newly under a target get the occurrences still to come. Hierarchy
 * writes and the job call this.
 */
export async function refreshTargetsForTenant(db: Db, tenantId: number, now = new Date(), jobs?: Jobs) {
  const removed = await db.transaction(async (tx) => {
    const dropped = affected(
      await tx.execute(sql`
      DELETE FROM ${taskAssignments} a
      USING ${hierarchyNodes} n
      WHERE a.tenant_id = ${tenantId} AND a.status = 'open' AND a.start_at > ${now.toISOString()}::timestamptz
        AND n.tenant_id = a.tenant_id AND n.id = a.workspace_node_id
        AND (n.status <> 'active' OR n.type <> 'workspace'
          OR NOT EXISTS (
            SELECT 1 FROM ${taskTargets} i
            JOIN ${hierarchyNodes} inode ON inode.tenant_id = i.tenant_id AND inode.id = i.node_id
            WHERE i.tenant_id = a.tenant_id AND i.task_id = a.task_id AND i.mode = 'include'
              AND n.path LIKE inode.path || '%')
          OR EXISTS (
            SELECT 1 FROM ${taskTargets} e
            JOIN ${hierarchyNodes} enode ON enode.tenant_id = e.tenant_id AND enode.id = e.node_id
            WHERE e.tenant_id = a.tenant_id AND e.task_id = a.task_id AND e.mode = 'exclude'
              AND n.path LIKE enode.path || '%'))`),
    );
    if (dropped > 0) await bumpVersion(tx, tenantId, 'tasks');
    return dropped;
  });
  let created = 0;
  for (const task of await publishedTasks(db, tenantId, false)) {
    created += await db.transaction(async (tx) => {
      const made = await materialiseTask(tx, tenantId, task.id, windowFor(task, now), jobs);
      if (made > 0) await bumpVersion(tx, tenantId, 'tasks');
      return made;
    });
  }
  return { removed, created };
}
