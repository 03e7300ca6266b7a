import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { AuditStorePage, AuditSubmissionPage, AuditTaskPage } from '../../../contract/api/audit';
import type { ComplianceGrid, StateCounts } from '../../../contract/api/compliance';
import type { UrgentTasks } from '../../../contract/api/mytasks';
import type {
  CompletionFirstTimeReport,
  DashboardSummary,
  Metrics,
  OverallReport,
} from '../../../contract/api/reports';
import type { Task, TaskPage } from '../../../contract/api/tasks';
import type { TestApp } from './app';
import { localDate } from './taskRows';

/*
 * The invariants of issue 25 ("One truth for every number"): the same figure read on two screens
 * must be the same number. Each check reads the screens' API answers for one person and hands back
 * the readings by name, so a failure says who, which figure, and every value beside the others.
 */

/** Someone looking at the screens: their account and the zone their browser sends. */
export interface Viewer {
  username: string;
  timezone: string;
  /** At a store: their urgent list is the store's (above it, the list is empty). */
  store?: boolean;
}

/** The figures a compliance grid and a report share. */
export interface SharedFigures {
  assigned: number;
  done: number;
  on_time: number;
  late: number;
  waiting: number;
  cannot_do: number;
  expired: number;
  overdue: number;
  /** Still to do and not yet due (the grid splits it into open and rejected). */
  open: number;
}

const n = (value: number | undefined) => value ?? 0;

/** A grid's state counts as the report's figures: done = on time + late, open = open + rejected. */
export function gridFigures(c: StateCounts): SharedFigures {
  return {
    assigned: Object.values(c).reduce((sum, v) => sum + v, 0),
    done: n(c.on_time) + n(c.late),
    on_time: n(c.on_time),
    late: n(c.late),
    waiting: n(c.waiting),
    cannot_do: n(c.cannot_do),
    expired: n(c.expired),
    overdue: n(c.overdue),
    open: n(c.open) + n(c.rejected),
  };
}

export function reportFigures(m: Metrics): SharedFigures {
  return {
    assigned: m.assigned,
    done: m.done,
    on_time: m.on_time,
    late: m.late,
    waiting: m.waiting,
    cannot_do: m.cannot_do,
    expired: m.expired,
    overdue: m.overdue,
    open: m.open,
  };
}

const ZERO: SharedFigures = {
  assigned: 0,
  done: 0,
  on_time: 0,
  late: 0,
  waiting: 0,
  cannot_do: 0,
  expired: 0,
  overdue: 0,
  open: 0,
};

function addFigures(a: SharedFigures, b: SharedFigures): SharedFigures {
  const sum = { ...a };
  for (const key of Object.keys(sum) as (keyof SharedFigures)[]) sum[key] += b[key];
  return sum;
}

/** A progress as compared: its counts, and the first due instant still to come when it has one. */
type ProgressReading = Record<string, number | string | null>;

const instant = (value: unknown) => (typeof value === 'string' ? new Date(value).toISOString() : null);

/** The fields of a task's progress (whatever the contract holds): its counts and next_due_at. */
function progressReading(progress: object): ProgressReading {
  const reading: ProgressReading = {};
  for (const [key, value] of Object.entries(progress)) {
    if (typeof value === 'number') reading[key] = value;
    else if (key === 'next_due_at') reading[key] = instant(value);
  }
  return reading;
}

/** The same fields over a task's stores: counts summed, next_due_at the earliest. */
function storesReading(keys: string[], stores: object[]): ProgressReading {
  const reading: ProgressReading = {};
  for (const key of keys) {
    const values = stores.map((s) => (s as Record<string, unknown>)[key]);
    if (key === 'next_due_at') {
      const instants = values.map(instant).filter((v): v is string => v !== null);
      reading[key] = instants.length ? instants.sort()[0]! : null;
    } else
      reading[key] = values.reduce<number>((sum, v) => sum + (typeof v === 'number' ? v : Number.NaN), 0);
  }
  return reading;
}

/**
 * Every reading must equal the one named `reference`; the failure shows all of them, labelled.
 * Soft, so one test reports every disagreement it finds, not only the first.
 */
export function expectSame<T>(who: string, figure: string, readings: Record<string, T>, reference: string) {
  const expected = Object.fromEntries(Object.keys(readings).map((key) => [key, readings[reference]]));
  expect
    .soft(readings, `${who}: ${figure} must read the same everywhere (each compared with "${reference}")`)
    .toEqual(expected);
}

export function figureChecks(t: TestApp) {
  const get = async <T>(as: string, url: string, query: Record<string, string | number> = {}) => {
    const res = await t.injectAs(as, { url, query });
    if (res.statusCode !== 200)
      throw new Error(`${as}: GET ${url} ${JSON.stringify(query)} answered ${res.statusCode}: ${res.body}`);
    return res.json().data as T;
  };

  /** Every row of a paged list (200 a page), and the total it announced. */
  const allPages = async <R>(as: string, url: string, query: Record<string, string | number> = {}) => {
    const rows: R[] = [];
    let total = 0;
    for (let page = 1; ; page++) {
      const data = await get<{ data: R[]; total: number }>(as, url, { ...query, page, per_page: 200 });
      rows.push(...data.data);
      total = data.total;
      if (data.data.length === 0 || rows.length >= total) break;
    }
    return { rows, total };
  };

  const dashboard = (v: Viewer) =>
    get<DashboardSummary>(v.username, '/api/dashboard/summary', { today: localDate(v.timezone) });

  /** Dashboard "waiting for review", the audit queues by task and by store, and the waiting list. */
  async function waitingReadings(v: Viewer): Promise<Record<string, number>> {
    const [summary, byTask, byStore, list] = await Promise.all([
      dashboard(v),
      allPages<AuditTaskPage['data'][number]>(v.username, '/api/audit/task/list', { status: 'waiting' }),
      allPages<AuditStorePage['data'][number]>(v.username, '/api/audit/store/list', { status: 'waiting' }),
      allPages<AuditSubmissionPage['data'][number]>(v.username, '/api/audit/submission/list', {
        status: 'waiting',
      }),
    ]);
    return {
      'dashboard waiting_review': summary.waiting_review,
      'audit queue by task (sum of waiting)': byTask.rows.reduce((sum, r) => sum + r.waiting, 0),
      'audit queue by store (sum of waiting)': byStore.rows.reduce((sum, r) => sum + r.waiting, 0),
      'waiting submission list total': list.total,
      'waiting submission list rows': list.rows.filter((r) => r.state === 'waiting').length,
    };
  }

  /** Dashboard "urgent open" and the urgent list's items not yet completed. */
  async function urgentReadings(v: Viewer): Promise<Record<string, number>> {
    const [summary, urgent] = await Promise.all([
      dashboard(v),
      get<UrgentTasks>(v.username, '/api/user/task/urgent', {
        datetime: String(Math.floor(Date.now() / 1000)),
        timezone: v.timezone,
      }),
    ]);
    return {
      'dashboard urgent_open': summary.urgent_open,
      'urgent list items with status false': urgent.data.filter((r) => !r.status).length,
    };
  }

  /** The ids and titles of the tenant's compliance tasks, as someone at the root sees them. */
  async function complianceTasks(rootUser: string): Promise<Map<number, string>> {
    const { rows } = await allPages<TaskPage['data'][number]>(rootUser, '/api/admin/task/list');
    return new Map(rows.filter((r) => r.compliance).map((r) => [r.id, r.title]));
  }

  /**
   * The compliance grid against the reports, for one range in the viewer's own scope:
   * - with `typeId` (a type only compliance tasks have): report overall = grid totals, both filtered;
   * - the grid's totals = the compliance tasks' rows of the per-task report, summed;
   * - each compliance task: its grid rows summed = its row in the per-task report.
   */
  async function complianceReadings(
    v: Viewer,
    range: { from: string; to: string },
    compliance: Map<number, string>,
    typeId?: number,
  ) {
    const [grid, byTask] = await Promise.all([
      get<ComplianceGrid>(v.username, '/api/compliance/grid', range),
      get<CompletionFirstTimeReport>(v.username, '/api/report/completion-first-time', range),
    ]);
    const label = (id: number) => `${compliance.get(id) ?? '?'} (#${id})`;
    const gridByTask: Record<string, SharedFigures> = {};
    for (const row of grid.rows) {
      const key = label(row.task_id);
      gridByTask[key] = addFigures(gridByTask[key] ?? ZERO, gridFigures(row.totals));
    }
    const reportByTask: Record<string, SharedFigures> = {};
    for (const row of byTask.rows) {
      if (compliance.has(row.id)) reportByTask[label(row.id)] = reportFigures(row);
    }
    const readings: {
      typed?: { grid: SharedFigures; overall: SharedFigures };
      all: Record<string, SharedFigures>;
      gridByTask: Record<string, SharedFigures>;
      reportByTask: Record<string, SharedFigures>;
    } = {
      all: {
        'compliance grid totals': gridFigures(grid.totals),
        'per-task report, compliance tasks summed': Object.values(reportByTask).reduce(addFigures, ZERO),
      },
      gridByTask,
      reportByTask,
    };
    if (typeId !== undefined) {
      const query = { ...range, type_id: typeId };
      const [typedGrid, overall] = await Promise.all([
        get<ComplianceGrid>(v.username, '/api/compliance/grid', query),
        get<OverallReport>(v.username, '/api/report/overall', query),
      ]);
      readings.typed = { grid: gridFigures(typedGrid.totals), overall: reportFigures(overall.totals) };
    }
    return readings;
  }

  /** Each task's progress in the task list and in its detail, and its stores' progress summed. */
  async function progressReadings(v: Viewer) {
    const { rows } = await allPages<TaskPage['data'][number]>(v.username, '/api/admin/task/list');
    const list: Record<string, ProgressReading> = {};
    const detail: Record<string, ProgressReading> = {};
    const stores: Record<string, ProgressReading> = {};
    for (const task of rows) {
      const key = `${task.title} (#${task.id})`;
      const full = await get<Task>(v.username, '/api/admin/task/get', { id: task.id });
      list[key] = progressReading(task.progress);
      detail[key] = progressReading(full.progress);
      stores[key] = storesReading(Object.keys(list[key]), full.stores);
    }
    return { tasks: rows.length, list, detail, stores };
  }

  /**
   * Each task's progress in the task list beside its row in the per-task report, over a range that
   * holds every occurrence: the same work done, the same work overdue, and as many occurrences in all
   * (the progress's assigned and upcoming together, when it splits them). Communications are
   * left out: the reports do not count them.
   */
  async function progressAgainstReport(v: Viewer, range: { from: string; to: string }) {
    const [{ rows }, report, communications] = await Promise.all([
      allPages<TaskPage['data'][number]>(v.username, '/api/admin/task/list'),
      get<CompletionFirstTimeReport>(v.username, '/api/report/completion-first-time', range),
      t.database.db.execute(sql`SELECT t.id::int AS id FROM tasks t
        JOIN task_types tt ON tt.tenant_id = t.tenant_id AND tt.id = t.type_id
        WHERE tt.kind = 'communication'`),
    ]);
    const told = new Set((communications as unknown as { rows: { id: number }[] }).rows.map((r) => r.id));
    const reported = new Map(report.rows.map((r) => [r.id, r]));
    const num = (value: unknown) => (typeof value === 'number' ? value : 0);
    const progress: Record<string, Record<string, number>> = {};
    const inReport: Record<string, Record<string, number>> = {};
    for (const task of rows) {
      if (told.has(task.id)) continue;
      const key = `${task.title} (#${task.id})`;
      const p = task.progress as Record<string, unknown>;
      progress[key] = {
        'occurrences (assigned + upcoming)': num(p.assigned) + num(p.upcoming),
        done: num(p.done),
        overdue: num(p.overdue),
      };
      const r = reported.get(task.id);
      inReport[key] = {
        'occurrences (assigned + upcoming)': r?.assigned ?? 0,
        done: r?.done ?? 0,
        overdue: r?.overdue ?? 0,
      };
    }
    return { progress, report: inReport };
  }

  return {
    get,
    waitingReadings,
    urgentReadings,
    complianceTasks,
    complianceReadings,
    progressReadings,
    progressAgainstReport,
  };
}

/** The asserting side of figureChecks: one call per invariant and person. */
export function figureAssertions(t: TestApp) {
  const checks = figureChecks(t);
  /** A figure read in several places, each reading of a viewer compared with `reference`. */
  const readsTheSame =
    (figure: string, readings: (v: Viewer) => Promise<Record<string, number>>, reference: string) =>
    async (v: Viewer) =>
      expectSame(v.username, figure, await readings(v), reference);
  return {
    checks,
    waiting: readsTheSame('waiting for review', checks.waitingReadings, 'waiting submission list total'),
    urgent: readsTheSame(
      'urgent work still open',
      checks.urgentReadings,
      'urgent list items with status false',
    ),
    async compliance(
      v: Viewer,
      range: { from: string; to: string },
      compliance: Map<number, string>,
      typeId?: number,
    ) {
      const r = await checks.complianceReadings(v, range, compliance, typeId);
      if (r.typed) {
        expectSame(
          v.username,
          `compliance figures for ${range.from}..${range.to}, type ${typeId}`,
          { 'compliance grid totals': r.typed.grid, 'report overall totals': r.typed.overall },
          'compliance grid totals',
        );
      }
      expectSame(
        v.username,
        `compliance figures for ${range.from}..${range.to}, every compliance task`,
        r.all,
        'compliance grid totals',
      );
      expect
        .soft(
          r.reportByTask,
          `${v.username}: each compliance task's row in the per-task report (received) must equal its compliance grid rows summed (expected), ${range.from}..${range.to}`,
        )
        .toEqual(r.gridByTask);
      return r;
    },
    async progressAgainstReport(v: Viewer, range: { from: string; to: string }) {
      const r = await checks.progressAgainstReport(v, range);
      expect
        .soft(
          r.progress,
          `${v.username}: each task's progress in the task list (received) must count what its row in the per-task report counts for ${range.from}..${range.to} (expected)`,
        )
        .toEqual(r.report);
      return r;
    },
    async progress(v: Viewer) {
      const r = await checks.progressReadings(v);
      expect
        .soft(
          r.list,
          `${v.username}: each task's progress in the task list (received) must equal the sum of its stores' progress in the task detail (expected)`,
        )
        .toEqual(r.stores);
      expect
        .soft(
          r.detail,
          `${v.username}: each task's progress in the task detail (received) must equal the sum of its stores' progress (expected)`,
        )
        .toEqual(r.stores);
      return r;
    },
  };
}

interface AssignmentFacts {
  id: number;
  title: string;
  store: string;
  due_date: string;
  status: string;
  attempt: number;
  last_attempt: number | null;
  last_outcome: string | null;
  last_decision: string | null;
}

/** What the latest submission of an assignment in each state must be (the services write exactly this). */
const FINISHED_BY: Record<string, { outcome: string; decision: string | null }> = {
  submitted: { outcome: 'done', decision: null },
  approved: { outcome: 'done', decision: 'approved' },
  rejected: { outcome: 'done', decision: 'rejected' },
  done: { outcome: 'done', decision: null },
  cannot_do: { outcome: 'cannot_do', decision: null },
};

/**
 * The history's own consistency (read straight from the tables): no assignment reads "submitted"
 * (waiting approval) while its latest submission is decided, and every decided or finished
 * assignment has the submission that finished it — the latest one, of its current attempt, with
 * the matching outcome and decision. Communications are finished by acknowledgements, not
 * submissions, and are left out. Answers one sentence per assignment that breaks the rule.
 */
export async function historyViolations(t: TestApp, tenant = 'acme'): Promise<string[]> {
  const result = await t.database.db.execute(sql`
    SELECT a.id::int AS id, t.title, n.name AS store, a.due_date::text AS due_date, a.status,
      a.attempt::int AS attempt, s.attempt::int AS last_attempt, s.outcome AS last_outcome,
      s.decision AS last_decision
    FROM task_assignments a
    JOIN tenants tn ON tn.id = a.tenant_id AND tn.identifier = ${tenant}
    JOIN tasks t ON t.tenant_id = a.tenant_id AND t.id = a.task_id
    JOIN task_types tt ON tt.tenant_id = t.tenant_id AND tt.id = t.type_id AND tt.kind <> 'communication'
    JOIN hierarchy_nodes n ON n.tenant_id = a.tenant_id AND n.id = a.workspace_node_id
    LEFT JOIN LATERAL (
      SELECT x.attempt, x.outcome, x.decision FROM task_submissions x
      WHERE x.tenant_id = a.tenant_id AND x.assignment_id = a.id
      ORDER BY x.attempt DESC, x.id DESC LIMIT 1) s ON true
    WHERE a.status IN ('submitted', 'approved', 'rejected', 'done', 'cannot_do')
    ORDER BY a.due_date, t.title, n.name, a.id`);
  const rows = (result as unknown as { rows: AssignmentFacts[] }).rows;
  const problems: string[] = [];
  for (const a of rows) {
    const where = `assignment ${a.id} ("${a.title}" at ${a.store}, due ${a.due_date})`;
    const want = FINISHED_BY[a.status]!;
    if (a.last_attempt === null) {
      problems.push(`${where} reads ${a.status} but has no submission`);
      continue;
    }
    const latest = `its latest submission (attempt ${a.last_attempt}) is ${a.last_outcome}, ${a.last_decision ?? 'undecided'}`;
    if (a.status === 'submitted' && a.last_decision !== null) {
      problems.push(`${where} reads submitted (waiting approval) but ${latest}`);
      continue;
    }
    if (a.last_attempt !== a.attempt || a.last_outcome !== want.outcome || a.last_decision !== want.decision)
      problems.push(
        `${where} reads ${a.status} at attempt ${a.attempt} but ${latest}; expected attempt ${a.attempt}, ${want.outcome}, ${want.decision ?? 'undecided'}`,
      );
  }
  return problems;
}
