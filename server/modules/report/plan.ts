import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sqlRows } from '../../lib/jsonRows';
import { addDays, weekStartOf } from '../../lib/localDates';

/** Inclusive from–to of local due dates. */
export type Range = readonly [string, string];

/**
 * Where each day of a report's range is read from. Days the roll-up holds and no write has
 * changed since come from the roll-up tables; the others — today, days not rolled yet, days a
 * write changed since their last roll — are counted live from the assignments. Both halves are
 * exact: a rolled day's due and expiry times have all passed, so its figures move only with
 * writes, and every write marks its day (migration 0009). The exception is a move in the tree:
 * the containers' rows of the moved stores' days stay as they were until the job rolls them again.
 */
export interface DayPlan {
  rolled: Range[];
  live: Range[];
}

/** Every day live: a workspace's own figures are a few hundred assignments, not worth the roll-up. */
export const allLive = (from: string, to: string): DayPlan => ({ rolled: [], live: [[from, to]] });

const dayBefore = (date: string) => addDays(date, -1);
const dayAfter = (date: string) => addDays(date, 1);

/**
 * The plan for a from–to range, given how far the tenant's roll-up reaches (null: nowhere yet)
 * and which of the range's rolled days writes changed since (read live until rolled again).
 */
export function planFrom(from: string, to: string, through: string | null, changedDays: string[]): DayPlan {
  if (through === null || through < from) return allLive(from, to);
  const end = to < through ? to : through;
  const rolled: Range[] = [];
  const live: Range[] = [];
  let start = from;
  for (const day of [...changedDays].sort()) {
    if (day > start) rolled.push([start, dayBefore(day)]);
    const last = live.at(-1);
    if (last && last[1] === dayBefore(day)) live[live.length - 1] = [last[0], day];
    else live.push([day, day]);
    start = dayAfter(day);
  }
  if (start <= end) rolled.push([start, end]);
  if (end < to) {
    const last = live.at(-1);
    if (last && last[1] === end) live[live.length - 1] = [last[0], to];
    else live.push([dayAfter(end), to]);
  }
  return { rolled, live };
}

/** The plan of a tenant's range as the reports read it now. */
export async function dayPlan(db: Db, tenantId: number, from: string, to: string): Promise<DayPlan> {
  const [state] = await sqlRows<{ rolled_through: string | null; changed: string | null }>(
    db,
    sql`SELECT r.rolled_through::text AS rolled_through,
        (SELECT json_agg(DISTINCT s.due_date::text) FROM report_stale_days s
          WHERE s.tenant_id = r.tenant_id AND s.live
            AND s.due_date BETWEEN ${from}::date AND least(${to}::date, r.rolled_through))::text AS changed
      FROM report_rollups r WHERE r.tenant_id = ${tenantId}`,
  );
  return planFrom(from, to, state?.rolled_through ?? null, JSON.parse(state?.changed ?? '[]'));
}

/**
 * The rolled days as the store and people tables hold them: Monday-to-Sunday weeks wholly
 * rolled, and the days left over at the ends. A quarter of 5,000 stores is then about 13 × 5,000
 * week rows and at most a dozen days of rows, instead of 90 days of them.
 */
export function periodsOf(plan: DayPlan): { weeks: string[]; days: string[] } {
  const weeks: string[] = [];
  const days: string[] = [];
  for (const [from, to] of plan.rolled) {
    let day = from;
    while (day <= to) {
      const monday = weekStartOf(day, 1);
      const sunday = addDays(monday, 6);
      if (monday === day && sunday <= to) {
        weeks.push(monday);
        day = addDays(sunday, 1);
      } else {
        days.push(day);
        day = dayAfter(day);
      }
    }
  }
  return { weeks, days };
}

/** `column` within any of the ranges; false for none. */
export function inRanges(column: SQL, ranges: readonly Range[]): SQL {
  if (ranges.length === 0) return sql`false`;
  return sql`(${sql.join(
    ranges.map(([from, to]) =>
      from === to ? sql`${column} = ${from}::date` : sql`${column} BETWEEN ${from}::date AND ${to}::date`,
    ),
    sql` OR `,
  )})`;
}

/** A list of dates as one array parameter. */
export const dateArray = (dates: readonly string[]) => sql`${`{${dates.join(',')}}`}::date[]`;
