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
  daysBetween,
  weekStartOf as weekStartFor,
} from '../../lib/localDates';
import { nodeInScope, nodesByIds } from '../hierarchy/service';
import { loadSettings } from '../settings/service';
import {
  type Counts,
  childOf,
  countsBy,
  currentCounts,
  type Grouped,
  people,
  type Slice,
  totals,
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
    path: node.path,
    from: query.from,
    to: query.to,
    typeId: query.type_id,
    departmentId: query.department_id,
  };
  return { node, slice };
}

async function overall(db: Db, caller: Caller, query: ReportQuery): Promise<OverallReport> {
  const { slice } = await sliceOf(db, caller, query);
  const [all, byType, byDepartment] = await Promise.all([
    totals(db, slice),
    countsBy(db, slice, sql`t.type_id`, sql`tt.name`),
    countsBy(
      db,
      slice,
      sql`coalesce(t.department_id, 0)`,
      sql`coalesce((SELECT d.name FROM departments d WHERE d.tenant_id = t.tenant_id AND d.id = t.department_id), 'No department')`,
    ),
  ]);
  return {
    totals: withRates(all),
    by_type: byType.map(row).sort(best),
    by_department: byDepartment.map(row).sort(best),
  };
}

async function completionFirstTime(
  db: Db,
  caller: Caller,
  query: ReportQuery,
): Promise<CompletionFirstTimeReport> {
  const { slice } = await sliceOf(db, caller, query);
  const [byTask, worst] = await Promise.all([
    countsBy(db, slice, sql`a.task_id`, sql`t.title`),
    worstByTask(db, slice, 3),
  ]);
  const worstOf = new Map<number, MetricsRow[]>();
  for (const w of worst) worstOf.set(Number(w.task_id), [...(worstOf.get(Number(w.task_id)) ?? []), row(w)]);
  // Worst first: the tasks that need attention lead.
  return {
    rows: byTask
      .map(row)
      .sort((a, b) => best(b, a))
      .map((r) => ({ ...r, worst: worstOf.get(r.id) ?? [] })),
  };
}

async function weekStartOf(db: Db, tenantId: number) {
  return (await loadSettings(db, tenantId)).week_starting_day;
}

async function weekly(
  db: Db,
  slice: Slice,
  weekStart: number,
  firstWeek: string,
  weeks: number,
): Promise<TrendPoint[]> {
  const to = addDays(firstWeek, weeks * 7 - 1);
  const rows = await countsBy(db, { ...slice, from: firstWeek, to }, weekOfDue(weekStart));
  const byWeek = new Map(rows.map((r) => [String(r.id).slice(0, 10), r]));
  return Array.from({ length: weeks }, (_, i) => {
    const week = addDays(firstWeek, i * 7);
    const found = byWeek.get(week);
    return { week, ...withRates(found ?? ({} as Counts)) };
  });
}

async function trend(db: Db, caller: Caller, query: ReportQuery): Promise<TrendReport> {
  const { slice } = await sliceOf(db, caller, query);
  const weekStart = await weekStartOf(db, caller.tenantId);
  const first = weekStartFor(query.from, weekStart);
  const count = Math.floor(daysBetween(first, query.to) / 7) + 1;
  const [weeks, previous] = await Promise.all([
    weekly(db, slice, weekStart, first, count),
    weekly(db, slice, weekStart, addDays(first, -7 * count), count),
  ]);
  return { weeks, previous };
}

async function areas(db: Db, caller: Caller, query: ReportQuery): Promise<AreaReport> {
  const { node, slice } = await sliceOf(db, caller, query);
  const rows = await countsBy(db, slice, childOf(node.path));
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
  const [all, rows] = await Promise.all([totals(db, slice), countsBy(db, slice, sql`n.id`, sql`n.name`)]);
  return { node: { id: node.id, name: node.name }, average: withRates(all), rows: rows.map(row).sort(best) };
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

/** The dashboard of the caller's scope: today, this week against last, what needs attention, the trend. */
export async function dashboard(db: Db, caller: Caller, query: DashboardQuery): Promise<DashboardSummary> {
  const today = query.today ?? new Date().toISOString().slice(0, 10);
  checkDate(today, 'today');
  const weekStart = await weekStartOf(db, caller.tenantId);
  const thisWeek = weekStartFor(today, weekStart);
  const base: Slice = { tenantId: caller.tenantId, path: caller.scope.path, from: today, to: today };
  const month = { ...base, from: addDays(today, -29), to: today };
  const [todays, current, last, now, eight, storeRows] = await Promise.all([
    totals(db, base),
    totals(db, { ...base, from: thisWeek, to: addDays(thisWeek, 6) }),
    totals(db, { ...base, from: addDays(thisWeek, -7), to: addDays(thisWeek, -1) }),
    currentCounts(db, caller.tenantId, caller.scope.path, addDays(today, -29)),
    weekly(db, base, weekStart, addDays(thisWeek, -49), 8),
    countsBy(db, month, sql`n.id`, sql`n.name`),
  ]);
  const ranked = storeRows
    .map(row)
    .filter((r) => r.assigned > 0)
    .sort(best);
  return {
    today: { due: Number(todays.assigned), done: Number(todays.done) },
    this_week: withRates(current),
    last_week: withRates(last),
    overdue: Number(now.overdue),
    urgent_open: Number(now.urgent_open),
    waiting_review: Number(now.waiting_review),
    unacknowledged: Number(now.unacknowledged),
    trend: eight,
    best: ranked.slice(0, 5),
    worst: ranked.length > 5 ? ranked.slice(-5).reverse() : [],
  };
}
