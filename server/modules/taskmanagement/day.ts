import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DayTask, Progress, TaskDateQuery, TaskDay, TaskSearchQuery } from '../../../contract/api/tasks';
import type { Db } from '../../db/client';
import { hierarchyNodes, taskAssignments, tasks } from '../../db/schema';
import type { Caller } from '../../lib/caller';
import { badRequest } from '../../lib/errors';
import { containing } from '../../lib/like';
import { isTimeZone } from '../hierarchy/workspaceObject';
import { toTaskType, typeRows } from '../tasktypes/service';
import { hhmm } from './present';
import { PROGRESS_COUNTS as counts, type ProgressRow, progressOf } from './progress';
import { isCalendarDate } from './recurrence';
import type { TaskRow } from './repository';

/*
 * Spec §7 GET /api/admin/task/date and /search: the published tasks with work in the caller's
 * part of the tree on one local day (or matching a search), grouped by task type, with progress
 * counted over that work. The user-side calls of the next issue answer in the same shape.
 */

const SEARCH_LIMIT = 100;

function checkZone(timezone: string) {
  if (!isTimeZone(timezone)) {
    const message = `"${timezone}" is not a time zone; send an IANA name such as Australia/Sydney`;
    throw badRequest(message, { timezone: message });
  }
}

/** The calendar date of an instant in a zone. */
export function localDate(instant: Date, timezone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: timezone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)?.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** `datetime` as unix seconds, an ISO instant, or already a local date; the day it is in `timezone`. */
export function dayOf(datetime: string, timezone: string): string {
  checkZone(timezone);
  const text = datetime.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(text) && isCalendarDate(text)) return text;
  const instant = /^\d{1,12}$/.test(text) ? new Date(Number(text) * 1000) : new Date(text);
  if (Number.isNaN(instant.getTime())) {
    const message = 'datetime must be unix seconds, an ISO date-time or a date (YYYY-MM-DD)';
    throw badRequest(message, { datetime: message });
  }
  return localDate(instant, timezone);
}

/** Progress per published task over the caller's assignments that match `where`. */
async function progressWhere(db: Db, caller: Caller, where: SQL, department?: number) {
  const result = await db.execute(sql`
    SELECT a.task_id, ${counts}
    FROM ${taskAssignments} a
    JOIN ${tasks} t ON t.tenant_id = a.tenant_id AND t.id = a.task_id
    JOIN ${hierarchyNodes} n ON n.tenant_id = a.tenant_id AND n.id = a.workspace_node_id
    WHERE a.tenant_id = ${caller.tenantId} AND t.status = 'published'
      AND n.path LIKE ${`${caller.scope.path}%`} AND ${where}
      ${department ? sql`AND t.department_id = ${department}` : sql``}
    GROUP BY a.task_id`);
  return new Map(
    (result as unknown as { rows: ({ task_id: number } & ProgressRow)[] }).rows.map((r) => [
      Number(r.task_id),
      progressOf(r),
    ]),
  );
}

function toDayTask(row: TaskRow, progress: Progress): DayTask {
  return {
    id: row.id,
    title: row.title,
    status: row.status,
    type_id: row.typeId,
    department_id: row.departmentId,
    estimated_minutes: row.estimatedMinutes,
    start_date: row.startDate,
    start_time: hhmm(row.startTime),
    due_date: row.dueDate,
    due_time: hhmm(row.dueTime),
    compliance: row.compliance,
    approval: row.approval,
    progress,
  };
}

async function grouped(
  db: Db,
  caller: Caller,
  date: string,
  progress: Map<number, Progress>,
): Promise<TaskDay> {
  const ids = [...progress.keys()].slice(0, SEARCH_LIMIT);
  const rows = ids.length
    ? await db
        .select()
        .from(tasks)
        .where(and(eq(tasks.tenantId, caller.tenantId), inArray(tasks.id, ids)))
        .orderBy(tasks.dueTime, tasks.title, tasks.id)
    : [];
  const types = await typeRows(db, caller.tenantId);
  return {
    date,
    data: types.map((type) => ({
      ...toTaskType(type),
      tasks: rows.filter((r) => r.typeId === type.id).map((r) => toDayTask(r, progress.get(r.id)!)),
    })),
  };
}

export async function tasksOnDate(db: Db, caller: Caller, query: TaskDateQuery): Promise<TaskDay> {
  const date = dayOf(query.datetime, query.timezone);
  const active = sql`a.occurrence_date <= ${date}::date AND a.due_date >= ${date}::date`;
  return grouped(db, caller, date, await progressWhere(db, caller, active, query.department));
}

export async function searchTasks(db: Db, caller: Caller, query: TaskSearchQuery): Promise<TaskDay> {
  checkZone(query.timezone);
  const date = localDate(new Date(), query.timezone);
  const key = query.search_key.trim();
  const matching = key ? sql`t.title ILIKE ${containing(key)}` : sql`true`;
  return grouped(db, caller, date, await progressWhere(db, caller, matching, query.department));
}
