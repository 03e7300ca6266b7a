import type { Progress, Recurrence as RecurrenceOut, TaskSummary } from '../../../contract/api/tasks';
import type { Db } from '../../db/client';
import type { Recurrence } from '../../db/schema';
import { readTogether } from '../../lib/readTogether';
import { userNames } from './organisation';
import { EMPTY_PROGRESS } from './progress';
import { findDepartments, findTypes, type TaskRow } from './repository';

/** Times travel as HH:mm; PostgreSQL hands them back with seconds. */
export const hhmm = (time: string) => time.slice(0, 5);
const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function recurrenceOut(recurrence: Recurrence | null): RecurrenceOut | null {
  if (!recurrence) return null;
  const { freq, interval, weekdays, month_day, until, count } = recurrence;
  return {
    freq,
    interval,
    ...(weekdays ? { weekdays } : {}),
    ...(month_day !== undefined ? { month_day } : {}),
    ...(until ? { until } : {}),
    ...(count ? { count } : {}),
  };
}

/** Turns task rows into list rows, loading their types, departments and authors in three queries. */
export async function summarise(
  db: Db,
  tenantId: number,
  rows: readonly TaskRow[],
  progress: Map<number, Progress>,
): Promise<TaskSummary[]> {
  // Also run inside a transaction (get after create on the demo data's), hence readTogether.
  const [types, departments, names] = await readTogether(db, [
    () => findTypes(db, tenantId, [...new Set(rows.map((r) => r.typeId))]),
    () =>
      findDepartments(db, tenantId, [
        ...new Set(rows.flatMap((r) => (r.departmentId ? [r.departmentId] : []))),
      ]),
    () =>
      userNames(
        db,
        tenantId,
        rows.map((r) => r.authorId),
      ),
  ]);
  const typeById = new Map(types.map((t) => [t.id, t]));
  const departmentById = new Map(departments.map((d) => [d.id, d]));
  return rows.map((row) => {
    const type = typeById.get(row.typeId)!;
    return {
      id: row.id,
      title: row.title,
      status: row.status,
      type_id: row.typeId,
      type: {
        id: type.id,
        name: type.name,
        colour: type.colour,
        secondary_colour: type.secondaryColour,
        icon: type.icon,
      },
      department_id: row.departmentId,
      department: (row.departmentId && departmentById.get(row.departmentId)) || null,
      estimated_minutes: row.estimatedMinutes,
      start_date: row.startDate,
      start_time: hhmm(row.startTime),
      due_date: row.dueDate,
      due_time: hhmm(row.dueTime),
      recurrence: recurrenceOut(row.recurrence),
      compliance: row.compliance,
      approval: row.approval,
      author: { id: row.authorId, name: names.get(row.authorId) ?? 'Former user' },
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
      published_at: iso(row.publishedAt),
      archived_at: iso(row.archivedAt),
      progress: progress.get(row.id) ?? EMPTY_PROGRESS,
    };
  });
}
