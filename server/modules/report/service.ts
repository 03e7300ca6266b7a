import { sql } from 'drizzle-orm';
import type {
  AreaReport,
  CompletionFirstTimeReport,
  DashboardQuery,
  DashboardSummary,
  Metrics,
  MetricsRow,
  OverallReport,
  ReportName,
  ReportQuery,
  StoreReport,
  TeamReport,
  TrendPoint,
  TrendReport,
} from '../../../contract/api/reports';
import type { Db } from '../../db/client';
import type { Caller } from '../../lib/caller';
import {
  addDays,
  checkDate,
  checkDateRange,
  DAY_MS,
  daysBetween,
  weekStartOf as weekStartFor,
} from '../../lib/localDates';
import { nodeInScope, nodesByIds } from '../hierarchy/service';
import { loadSettings } from '../settings/service';
import { COUNT_NAMES } from './counts';
import {
  type Counts,
  childCounts,
  countsBy,
  countsByTask,
  currentCounts,
  type Grouped,
  people,
  type Slice,
  storeCounts,
  weekOfDue,
  worstByTask,
} from './repository';

const MAX_DAYS = 400;
const rate = (part: number, whole: number) =>
  whole === 0 ? null : Math.round((part / whole) * 10_000) / 10_000;

function withRates(c: Counts): Metrics {
  const n = (v: unknown) => Number(v ?? 0);
  const counts: Counts = {
    assigned: n(c.assigned),
    done: n(c.done),
    on_time: n(c.on_time),
    late: n(c.late),
    overdue: n(c.overdue),
    expired: n(c.expired),
    cannot_do: n(c.cannot_do),
    waiting: n(c.waiting),
    open: n(c.open),
    first_time_right: n(c.first_time_right),
  };
  return {
    ...counts,
    completion_rate: rate(counts.done, counts.assigned),
    on_time_rate: rate(counts.on_time, counts.done),
    first_time_right_rate: rate(counts.first_time_right, counts.done),
  };
}

const row = (g: Grouped): MetricsRow => ({ id: Number(g.id), name: g.name, ...withRates(g) });
/** The weakest store of a task first: lowest completion, then the most overdue, then by id. */
const weakest = (a: MetricsRow, b: MetricsRow) =>
  a.done / a.assigned - b.done / b.assigned || b.overdue - a.overdue || a.id - b.id;

/** How many stores the dashboard shows at each end of a long ranking. */
const ENDS = 5;

/**
 * The dashboard's stores from a ranking (best first), each with its place: all of them when they
 * fit in the two ends, so no store of a small area is left out; else the best and the weakest
 * five, the rest a count (issue 44: three stores showed one best and one weakest, hiding the third).
 */
export function rankedEnds<T>(ranked: readonly T[]): { ranked: number; rows: (T & { place: number })[] } {
  const placed = ranked.map((r, i) => ({ ...r, place: i + 1 }));
  const rows = placed.length <= 2 * ENDS ? placed : [...placed.slice(0, ENDS), ...placed.slice(-ENDS)];
  return { ranked: ranked.length, rows };
}

/** Best completion first; ties by the fewest overdue, then by name. */
const best = (a: Metrics & { name: string }, b: Metrics & { name: string }) =>
  (b.completion_rate ?? -1) - (a.completion_rate ?? -1) ||
  a.overdue - b.overdue ||
  a.name.localeCompare(b.name);

async function sliceOf(db: Db, caller: Caller, query: ReportQuery) {
  checkDateRange(query, MAX_DAYS);
  const node = await nodeInScope(db, caller, query.node_id ?? caller.scope.nodeId);
  const slice: Slice = {
    tenantId: caller.tenantId,
    nodeId: node.id,
    path: node.path,
    root: node.type === 'root',
    workspace: node.type === 'workspace',
    from: query.from,
    to: query.to,
    typeId: query.type_id,
    departmentId: query.department_id,
  };
  return { node, slice };
}

/** The sum of some groups' counts (a node's totals are the sum of its groups'). */
function sumOf(rows: Counts[]): Counts {
  const sum = Object.fromEntries(COUNT_NAMES.map((name) => [name, 0])) as unknown as Counts;
  for (const r of rows) for (const name of COUNT_NAMES) sum[name] += Number(r[name] ?? 0);
  return sum;
}

/** Groups summed by a key of theirs, each named by its first row. */
function groupBy<R extends Counts>(rows: R[], id: (r: R) => number, name: (r: R) => string): Grouped[] {
  const groups = new Map<number, R[]>();
  for (const r of rows) {
    const list = groups.get(id(r));
    if (list) list.push(r);
    else groups.set(id(r), [r]);
  }
  return [...groups].map(([key, list]) => ({ id: key, name: name(list[0]!), ...sumOf(list) }));
}

async function overall(db: Db, caller: Caller, query: ReportQuery): Promise<OverallReport> {
  const { slice } = await sliceOf(db, caller, query);
  // One pass over the node's rows, per type and department; the totals and each breakdown are sums.
  const rows = await countsBy(db, slice, {
    type_id: sql`t.type_id`,
    type: sql`tt.name`,
    department_id: sql`coalesce(t.department_id, 0)`,
    department: sql`coalesce((SELECT d.name FROM departments d WHERE d.tenant_id = t.tenant_id AND d.id = t.department_id), 'No department')`,
  });
  // One row per type and per department, best first.
  const ranked = (id: 'type_id' | 'department_id', name: 'type' | 'department') =>
    groupBy(
      rows,
      (r) => Number(r[id]),
      (r) => String(r[name]),
    )
      .map(row)
      .sort(best);
  return {
    totals: withRates(sumOf(rows)),
    by_type: ranked('type_id', 'type'),
    by_department: ranked('department_id', 'department'),
  };
}

async function completionFirstTime(
  db: Db,
  caller: Caller,
  query: ReportQuery,
): Promise<CompletionFirstTimeReport> {
  const { slice } = await sliceOf(db, caller, query);
  const byTask = await countsByTask(db, slice);
  const worst = await worstByTask(db, slice, 3, byTask);
  const worstOf = new Map<number, MetricsRow[]>();
  for (const w of worst) worstOf.set(Number(w.task_id), [...(worstOf.get(Number(w.task_id)) ?? []), row(w)]);
  // Worst first: the tasks that need attention lead.
  return {
    rows: byTask
      .map(row)
      .sort((a, b) => best(b, a))
      .map((r) => ({ ...r, worst: (worstOf.get(r.id) ?? []).sort(weakest) })),
  };
}

async function weekStartOf(db: Db, tenantId: number) {
  return (await loadSettings(db, tenantId)).week_starting_day;
}

/** `weeks` weeks from `firstWeek` on, out of counts per due date or per week start (`day`). */
function weekly(
  rows: (Counts & { day: string | number })[],
  weekStart: number,
  firstWeek: string,
  weeks: number,
): TrendPoint[] {
  const byWeek = new Map<string, Counts[]>();
  for (const r of rows) {
    const week = weekStartFor(String(r.day).slice(0, 10), weekStart);
    const list = byWeek.get(week);
    if (list) list.push(r);
    else byWeek.set(week, [r]);
  }
  return Array.from({ length: weeks }, (_, i) => {
    const week = addDays(firstWeek, i * 7);
    return { week, ...withRates(sumOf(byWeek.get(week) ?? [])) };
  });
}

async function trend(db: Db, caller: Caller, query: ReportQuery): Promise<TrendReport> {
  const { slice } = await sliceOf(db, caller, query);
  const weekStart = await weekStartOf(db, caller.tenantId);
  const first = weekStartFor(query.from, weekStart);
  const count = Math.floor(daysBetween(first, query.to) / 7) + 1;
  const before = addDays(first, -7 * count);
  // Both periods in one pass, per week.
  const rows = await countsBy(
    db,
    { ...slice, from: before, to: addDays(first, count * 7 - 1) },
    { day: weekOfDue(weekStart) },
  );
  return { weeks: weekly(rows, weekStart, first, count), previous: weekly(rows, weekStart, before, count) };
}

async function areas(db: Db, caller: Caller, query: ReportQuery): Promise<AreaReport> {
  const { node, slice } = await sliceOf(db, caller, query);
  const rows = await childCounts(db, slice);
  const nodes = new Map(
    (
      await nodesByIds(
        db,
        caller.tenantId,
        rows.map((r) => Number(r.id)),
      )
    ).map((n) => [n.id, n]),
  );
  return {
    node: { id: node.id, name: node.name },
    rows: rows
      .filter((r) => nodes.has(Number(r.id)))
      .map((r) => {
        const child = nodes.get(Number(r.id))!;
        return {
          ...row({ ...r, name: child.name }),
          type: child.type === 'workspace' ? ('workspace' as const) : ('container' as const),
        };
      })
      .sort(best),
  };
}

async function stores(db: Db, caller: Caller, query: ReportQuery): Promise<StoreReport> {
  const { node, slice } = await sliceOf(db, caller, query);
  const rows = await storeCounts(db, slice);
  // Every assignment is at one store: the node's own figures are the stores' summed.
  return {
    node: { id: node.id, name: node.name },
    average: withRates(sumOf(rows)),
    rows: rows.map(row).sort(best),
  };
}

async function team(db: Db, caller: Caller, query: ReportQuery): Promise<TeamReport> {
  const { slice } = await sliceOf(db, caller, query);
  const rows = await people(db, slice);
  return {
    rows: rows.map((p) => {
      const completed = Number(p.completed);
      return {
        id: Number(p.id),
        name: p.name,
        completed,
        on_time: Number(p.on_time),
        first_time_right: Number(p.first_time_right),
        rejected: Number(p.rejected),
        acknowledged: Number(p.acknowledged),
        on_time_rate: rate(Number(p.on_time), completed),
        first_time_right_rate: rate(Number(p.first_time_right), completed),
      };
    }),
  };
}

export const REPORTS: Record<ReportName, (db: Db, caller: Caller, query: ReportQuery) => Promise<unknown>> = {
  overall,
  'completion-first-time': completionFirstTime,
  'completion-first-time-trend': trend,
  'state-area-performance': areas,
  'store-area-performance': stores,
  'team-member-performance': team,
};

/**
 * The dashboard of the caller's scope: today, this week against last, what needs attention, the
 * trend. "This week" is the week to date: from the tenant's week start to now, counting only work
 * due by now (store-local due dates, the server's clock); last week is compared over the same
 * span (its first days to the same weekday and time). Past weeks of the trend are whole.
 */
export async function dashboard(
  db: Db,
  caller: Caller,
  query: DashboardQuery,
  now = new Date(),
): Promise<DashboardSummary> {
  const today = query.today ?? now.toISOString().slice(0, 10);
  checkDate(today, 'today');
  const weekStart = await weekStartOf(db, caller.tenantId);
  const thisWeek = weekStartFor(today, weekStart);
  const base: Slice = {
    tenantId: caller.tenantId,
    nodeId: caller.scope.nodeId,
    path: caller.scope.path,
    root: caller.nodeType === 'root',
    workspace: caller.nodeType === 'workspace',
    from: today,
    to: today,
  };
  const month = { ...base, from: addDays(today, -29), to: today };
  const firstWeek = addDays(thisWeek, -49);
  const weekAgo = addDays(today, -7);
  const dueSoFar = (day: string, by: Date) => ({ ...base, from: day, to: day, dueBy: by.toISOString() });
  // Whole days per due date (eight weeks, one pass), and today and a week ago each up to this time.
  const [days, todaySoFar, weekAgoSoFar, current, storeRows] = await Promise.all([
    countsBy(db, { ...base, from: firstWeek, to: addDays(thisWeek, 6) }, { day: sql`s.due_date` }),
    countsBy(db, dueSoFar(today, now), {}),
    countsBy(db, dueSoFar(weekAgo, new Date(now.getTime() - 7 * DAY_MS)), {}),
    currentCounts(db, base, addDays(today, -29)),
    storeCounts(db, month),
  ]);
  const on = (from: string, to: string) =>
    days.filter((d) => {
      const day = String(d.day).slice(0, 10);
      return day >= from && day <= to;
    });
  const thisWeekToDate = withRates(sumOf([...on(thisWeek, addDays(today, -1)), ...todaySoFar]));
  const lastWeekToDate = withRates(
    sumOf([...on(addDays(thisWeek, -7), addDays(weekAgo, -1)), ...weekAgoSoFar]),
  );
  const eight = weekly(days, weekStart, firstWeek, 8);
  // The current week of the trend is the week to date, as the card above it says.
  eight[7] = { week: thisWeek, ...thisWeekToDate };
  const todays = sumOf(on(today, today));
  const ranked = storeRows
    .map(row)
    .filter((r) => r.assigned > 0)
    .sort(best);
  return {
    today: { due: Number(todays.assigned), done: Number(todays.done) },
    this_week: thisWeekToDate,
    last_week: lastWeekToDate,
    overdue: Number(current.overdue),
    urgent_open: Number(current.urgent_open),
    waiting_review: Number(current.waiting_review),
    unacknowledged: Number(current.unacknowledged),
    trend: eight,
    stores: rankedEnds(ranked),
  };
}
