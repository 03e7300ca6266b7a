import { sql } from 'drizzle-orm';
import type { TaskPreview, TaskPreviewBody } from '../../../contract/api/tasks';
import type { Db } from '../../db/client';
import { taskAssignments, tasks } from '../../db/schema';
import { type Caller, can } from '../../lib/caller';
import { forbidden } from '../../lib/errors';
import { addDays, daysBetween } from '../../lib/localDates';
import { clockChange, todayOf } from './engine';
import { countPeopleAt, targetedWorkspaces, weekStartDay } from './organisation';
import { firstOccurrence } from './recurrence';
import { checkTaskBody } from './validate';

interface PlannedRow {
  node_id: number;
  name: string;
  identifier: string | null;
  zone: string;
  minutes: number;
  start_change: 'skipped' | 'repeated' | null;
  due_change: 'skipped' | 'repeated' | null;
}

/**
 * What publishing this body would do, before anything is saved: how many workspaces and people
 * receive it, which ones, and the busiest of them on the first occurrence day (the estimated
 * minutes of its other assignments that day), so head office sees overload before sending.
 */
export async function preview(
  db: Db,
  caller: Caller,
  body: TaskPreviewBody,
  now = new Date(),
): Promise<TaskPreview> {
  if (!can(caller, 'taskmanagement', ['create']) && !can(caller, 'taskmanagement', ['update']))
    throw forbidden();
  const checked = await checkTaskBody(db, caller, body);
  const { values } = checked;
  const schedule = { startDate: values.startDate, recurrence: values.recurrence };
  const from = values.recurrence && values.startDate < todayOf(now) ? todayOf(now) : values.startDate;
  const firstDate = firstOccurrence(
    schedule,
    from,
    values.recurrence ? await weekStartDay(db, caller.tenantId) : 1,
  );

  // The first occurrence's start and due, as each workspace's clock reads them.
  const dueDate = firstDate && addDays(firstDate, daysBetween(values.startDate, values.dueDate));
  const change = (date: string | null, time: string) =>
    date ? clockChange(sql`${date}::date`, sql`${time}::time`, sql`ws.zone`) : sql`NULL::text`;
  const result = await db.execute(sql`
    SELECT ws.node_id, ws.name, ws.identifier, ws.zone,
      ${change(firstDate, values.startTime)} AS start_change,
      ${change(dueDate, values.dueTime)} AS due_change,
      coalesce((
        SELECT sum(coalesce(t.estimated_minutes, 0))::int
        FROM ${taskAssignments} a
        JOIN ${tasks} t ON t.tenant_id = a.tenant_id AND t.id = a.task_id
        WHERE a.tenant_id = ${caller.tenantId} AND a.workspace_node_id = ws.node_id
          AND a.occurrence_date = ${firstDate}::date AND a.status <> 'cancelled'
          ${body.id ? sql`AND a.task_id <> ${body.id}` : sql``}
      ), 0) AS minutes
    FROM ${targetedWorkspaces(
      caller.tenantId,
      checked.include.map((n) => n.path),
      checked.exclude.map((n) => n.path),
    )} ws
    ORDER BY ws.name, ws.node_id`);
  const rows = (result as unknown as { rows: PlannedRow[] }).rows.map((r) => ({
    ...r,
    node_id: Number(r.node_id),
    minutes: Number(r.minutes),
  }));
  const people = await countPeopleAt(
    db,
    caller.tenantId,
    rows.map((r) => r.node_id),
  );
  const busiest = firstDate
    ? rows.reduce<PlannedRow | undefined>((max, r) => (!max || r.minutes > max.minutes ? r : max), undefined)
    : undefined;
  return {
    stores: rows.length,
    people: people.total,
    first_date: firstDate,
    workspaces: rows.map((r) => ({
      node_id: r.node_id,
      name: r.name,
      identifier: r.identifier ?? null,
      timezone: r.zone,
      people: people.byNode.get(r.node_id) ?? 0,
    })),
    clock_changes: rows.flatMap((r) =>
      (
        [
          ['start', r.start_change],
          ['due', r.due_change],
        ] as const
      ).flatMap(([which, kind]) =>
        kind ? [{ node_id: r.node_id, name: r.name, timezone: r.zone, which, kind }] : [],
      ),
    ),
    busiest:
      busiest && firstDate
        ? {
            node_id: busiest.node_id,
            name: busiest.name,
            date: firstDate,
            minutes: busiest.minutes,
            with_task: busiest.minutes + (values.estimatedMinutes ?? 0),
          }
        : null,
  };
}
