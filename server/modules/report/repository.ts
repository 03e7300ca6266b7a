import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { jsonRows, sqlRows } from '../../lib/jsonRows';
import { ASSIGNED, OVERDUE, STILL_TO_DO, URGENT_OPEN, WAITING_SUBMISSION } from '../figures/definitions';
import { type Counts, countColumns, countList, jsonPairs, summedColumns } from './counts';
import { allLive, type DayPlan, dateArray, inRanges, periodsOf, planFrom } from './plan';

/*
 * Reports count assignments: those due in the range (by their local due date), not withdrawn, of
 * tasks (communications are read, not done, and have their own figures), at workspaces under a
 * node. Each statement adds up two halves with the same columns: the days the roll-up holds
 * (rollup.ts) and the others counted live from the assignments (plan.ts decides which is which).
 *
 * The live halves filter on lists (the slice's tasks, its workspaces below the root) instead of
 * joining tasks and nodes row by row: the embedded database has no statistics until it is
 * analysed, and without them its planner joined 85,000 assignments to 400 tasks by comparing
 * every pair. Tasks and nodes are joined only to the aggregated rows.
 */

export type { Counts } from './counts';

export interface Slice {
  tenantId: number;
  /** The node whose workspaces count, its materialised path, and whether it is the root or a workspace. */
  nodeId: number;
  path: string;
  root: boolean;
  workspace: boolean;
  from: string;
  to: string;
  typeId?: number;
  departmentId?: number;
  /**
   * Only assignments due by this instant (ISO): a week to date compares like with like. Such a
   * slice is always counted live (the roll-up keeps whole days).
   */
  dueBy?: string;
}

/** What one statement of a slice reads: its days' plan and the lists its halves filter on. */
interface Reach {
  plan: DayPlan;
  /** The slice's tasks (its type and department; communications apart), an int[] parameter. */
  tasks: SQL;
  /** The same with communications, when the slice filters on type or department (else null). */
  anyKind: SQL | null;
  /** The workspaces under the node, or null at the root (every one). */
  workspaces: SQL | null;
}

const idArray = (json: string | null) =>
  sql`${`{${(JSON.parse(json ?? '[]') as number[]).join(',')}}`}::int[]`;

/** The slice's type and department on tasks `t`. */
function taskFilters(slice: Slice): SQL {
  return sql`${slice.typeId === undefined ? sql`` : sql`AND t.type_id = ${slice.typeId}`}
    ${slice.departmentId === undefined ? sql`` : sql`AND t.department_id = ${slice.departmentId}`}`;
}

/** The plan and lists of a slice, in one round trip. A workspace's own figures are always live. */
async function reachOf(db: Db, slice: Slice): Promise<Reach> {
  const tasks = (kinds: SQL) => sql`(SELECT json_agg(t.id) FROM tasks t
    JOIN task_types tt ON tt.tenant_id = t.tenant_id AND tt.id = t.type_id
    WHERE t.tenant_id = ${slice.tenantId} ${kinds} ${taskFilters(slice)})`;
  const filtered = slice.typeId !== undefined || slice.departmentId !== undefined;
  const [row] = await sqlRows<{
    rolled_through: string | null;
    changed: string | null;
    tasks: string | null;
    any_kind: string | null;
    workspaces: string | null;
  }>(
    db,
    sql`SELECT
      (SELECT rolled_through::text FROM report_rollups WHERE tenant_id = ${slice.tenantId}) AS rolled_through,
      (SELECT json_agg(DISTINCT s.due_date::text) FROM report_stale_days s
        JOIN report_rollups r ON r.tenant_id = s.tenant_id
        WHERE s.tenant_id = ${slice.tenantId} AND s.live
          AND s.due_date BETWEEN ${slice.from}::date AND least(${slice.to}::date, r.rolled_through))::text AS changed,
      ${tasks(sql`AND tt.kind <> 'communication'`)}::text AS tasks,
      ${filtered ? tasks(sql``) : sql`NULL`}::text AS any_kind,
      ${
        slice.root
          ? sql`NULL`
          : sql`(SELECT json_agg(w.id) FROM hierarchy_nodes w
            WHERE w.tenant_id = ${slice.tenantId} AND w.type = 'workspace' AND w.path LIKE ${`${slice.path}%`})`
      }::text AS workspaces`,
  );
  return {
    plan:
      slice.workspace || slice.dueBy !== undefined
        ? allLive(slice.from, slice.to)
        : planFrom(slice.from, slice.to, row!.rolled_through, JSON.parse(row!.changed ?? '[]')),
    tasks: idArray(row!.tasks),
    anyKind: filtered ? idArray(row!.any_kind) : null,
    workspaces: slice.root ? null : idArray(row!.workspaces),
  };
}

/** Live assignments `a` of the slice's days that the roll-up does not cover (every kind). */
const liveWhere = (slice: Slice, reach: Reach) =>
  sql`a.tenant_id = ${slice.tenantId} AND ${ASSIGNED} AND ${inRanges(sql`a.due_date`, reach.plan.live)}
    ${reach.workspaces ? sql`AND a.workspace_node_id = ANY(${reach.workspaces})` : sql``}
    ${slice.dueBy === undefined ? sql`` : sql`AND a.due_at <= ${slice.dueBy}::timestamptz`}`;

/** The same on a period table `p`, which keeps the type and department as columns. */
function periodWhere(slice: Slice, reach: Reach): SQL {
  const { weeks, days } = periodsOf(reach.plan);
  return sql`p.tenant_id = ${slice.tenantId}
    AND ((p.period_days = 1 AND p.period_start = ANY(${dateArray(days)}))
      OR (p.period_days = 7 AND p.period_start = ANY(${dateArray(weeks)})))
    ${reach.workspaces ? sql`AND p.workspace_node_id = ANY(${reach.workspaces})` : sql``}
    ${slice.typeId === undefined ? sql`` : sql`AND p.type_id = ${slice.typeId}`}
    ${slice.departmentId === undefined ? sql`` : sql`AND p.department_id = ${slice.departmentId}`}`;
}

/**
 * The slice's node per due date and task, with its task `t` and type `tt`: the roll-up's rows of
 * that node, and live rows counted from the assignments (`live` tells them apart).
 */
function nodeRows(slice: Slice, reach: Reach): SQL {
  return sql`(
      SELECT r.due_date, r.task_id, ${countList('r')}, r.first_occurrence, r.last_occurrence, false AS live
      FROM report_node_days r
      WHERE r.tenant_id = ${slice.tenantId} AND r.node_id = ${slice.nodeId}
        AND ${inRanges(sql`r.due_date`, reach.plan.rolled)}
      UNION ALL
      SELECT a.due_date, a.task_id, ${countColumns()}, NULL::date, NULL::date, true
      FROM task_assignments a
      WHERE ${liveWhere(slice, reach)}
      GROUP BY a.due_date, a.task_id) s
    JOIN tasks t ON t.tenant_id = ${slice.tenantId} AND t.id = s.task_id
    JOIN task_types tt ON tt.tenant_id = t.tenant_id AND tt.id = t.type_id`;
}

export type Grouped = Counts & { id: number; name: string };

/**
 * Counts per group of the node's rows `s` (per due date and task, with the task `t` and its type
 * `tt`): `keys` name the columns that make a group (none: one row for everything) and `extra`
 * adds aggregates of the group's rows `k`. One statement, one JSON document.
 */
export async function countsBy<K extends string>(
  db: Db,
  slice: Slice,
  keys: Record<K, SQL>,
  extra?: SQL,
): Promise<(Counts & Record<K, string | number> & { extra?: unknown })[]> {
  const reach = await reachOf(db, slice);
  const names = Object.keys(keys) as K[];
  // The keys are computed once in a subquery: with parameters in them, the same expressions
  // written again in GROUP BY would be different expressions to PostgreSQL.
  const columns = (alias: string) => sql.raw(names.map((name) => `${alias}.${name}`).join(', '));
  return jsonRows(
    db,
    sql`SELECT coalesce(json_agg(json_build_object(
        ${sql.join(
          names.map((name) => sql.raw(`'${name}', g.${name}, `)),
          sql``,
        )}${jsonPairs('g')} ${extra ? sql`, 'extra', g.extra` : sql``})), '[]')::text AS rows FROM (
      SELECT ${names.length ? sql`${columns('k')}, ` : sql``}${summedColumns('k')}
        ${extra ? sql`, json_build_object(${extra}) AS extra` : sql``}
      FROM (
        SELECT ${sql.join(
          names.map((name) => sql`${keys[name]} AS ${sql.raw(name)}, `),
          sql``,
        )}s.*
        FROM ${nodeRows(slice, reach)}
        WHERE tt.kind <> 'communication' ${taskFilters(slice)}) k
      ${names.length ? sql`GROUP BY ${columns('k')}` : sql``}) g`,
  );
}

/** What the weakest-stores shortcut needs to know of a task's rows. */
export type TaskGroup = Grouped & {
  extra: { live: boolean; first: string | null; last: string | null };
};

/** Counts per task, and whether any of its days were live and its first and last occurrence date. */
export function countsByTask(db: Db, slice: Slice): Promise<TaskGroup[]> {
  return countsBy(
    db,
    slice,
    { id: sql`s.task_id`, name: sql`t.title` },
    sql`'live', bool_or(k.live), 'first', min(k.first_occurrence), 'last', max(k.last_occurrence)`,
  ) as Promise<TaskGroup[]>;
}

/** The first day of the week holding a due date, weeks starting on `weekStart` (0 = Sunday). */
export function weekOfDue(weekStart: number): SQL {
  return sql`(s.due_date - ((extract(dow from s.due_date)::int - ${weekStart} + 7) % 7))`;
}

/** Counts per workspace of the slice: rolled weeks and days, and live days (the union's rows `k`). */
function storeRows(slice: Slice, reach: Reach): SQL {
  return sql`(
    SELECT p.workspace_node_id AS id, ${countList('p')} FROM report_store_periods p
    WHERE ${periodWhere(slice, reach)}
    UNION ALL
    SELECT a.workspace_node_id, ${countColumns()} FROM task_assignments a
    WHERE ${liveWhere(slice, reach)} AND a.task_id = ANY(${reach.tasks})
    GROUP BY a.workspace_node_id) k`;
}

/** Every workspace under the slice's node with work in the range, and its name. */
export async function storeCounts(db: Db, slice: Slice): Promise<Grouped[]> {
  const reach = await reachOf(db, slice);
  return jsonRows<Grouped[]>(
    db,
    sql`SELECT coalesce(json_agg(json_build_object('id', g.id, 'name', w.name, ${jsonPairs('g')})), '[]')::text AS rows
    FROM (SELECT k.id, ${summedColumns('k')} FROM ${storeRows(slice, reach)} GROUP BY k.id) g
    JOIN hierarchy_nodes w ON w.tenant_id = ${slice.tenantId} AND w.id = g.id`,
  );
}

/** Counts per node one level below the slice's node (names are the caller's to add). */
export async function childCounts(db: Db, slice: Slice): Promise<Grouped[]> {
  const [reach, [children]] = await Promise.all([
    reachOf(db, slice),
    sqlRows<{ containers: string | null; workspaces: string | null }>(
      db,
      sql`SELECT json_agg(id) FILTER (WHERE type <> 'workspace')::text AS containers,
          json_agg(id) FILTER (WHERE type = 'workspace')::text AS workspaces
        FROM hierarchy_nodes WHERE tenant_id = ${slice.tenantId} AND parent_id = ${slice.nodeId}`,
    ),
  ]);
  const depth = slice.path.split('/').filter(Boolean).length;
  // Rolled days: a child container's own rows, a child workspace's. Live days: every workspace's
  // counts, added up under the child holding it.
  return jsonRows<Grouped[]>(
    db,
    sql`SELECT coalesce(json_agg(json_build_object('id', g.id, 'name', '', ${jsonPairs('g')})), '[]')::text AS rows
    FROM (
      SELECT c.id, ${summedColumns('c')} FROM (
        SELECT r.node_id AS id, ${countList('r')} FROM report_node_days r
        WHERE r.tenant_id = ${slice.tenantId} AND r.node_id = ANY(${idArray(children?.containers ?? null)})
          AND ${inRanges(sql`r.due_date`, reach.plan.rolled)} AND r.task_id = ANY(${reach.tasks})
        UNION ALL
        SELECT p.workspace_node_id, ${countList('p')} FROM report_store_periods p
        WHERE ${periodWhere(slice, reach)}
          AND p.workspace_node_id = ANY(${idArray(children?.workspaces ?? null)})
        UNION ALL
        SELECT (string_to_array(trim(both '/' from n.path), '/'))[${depth + 1}]::int, ${countList('l')}
        FROM (
          SELECT a.workspace_node_id AS id, ${countColumns()} FROM task_assignments a
          WHERE ${liveWhere(slice, reach)} AND a.task_id = ANY(${reach.tasks})
          GROUP BY a.workspace_node_id) l
        JOIN hierarchy_nodes n ON n.tenant_id = ${slice.tenantId} AND n.id = l.id) c
      WHERE c.id IS NOT NULL
      GROUP BY c.id) g`,
  );
}

/** Tuning the tests can reach: below this many assignments the weakest stores are counted live. */
export const reportTuning = { liveWeakestUpTo: 50_000 };

/**
 * Per task, its workspaces with the lowest completion (then the most overdue, then by id), at
 * most `limit` each. Counting every store of every task is what a quarter at the root cannot
 * afford (400 tasks × 5,000 stores); a one-off task has one assignment per store, so for one
 * whose days are all rolled its weakest stores are the first entries of its range in
 * task_assignments_weakest_idx. The others (repeating tasks, tasks with live days) are counted.
 */
export async function worstByTask(db: Db, slice: Slice, limit: number, tasks: TaskGroup[]) {
  const reach = await reachOf(db, slice);
  const assigned = tasks.reduce((n, t) => n + Number(t.assigned), 0);
  const ids = (list: TaskGroup[]) => sql`${`{${list.map((t) => Number(t.id)).join(',')}}`}::int[]`;
  if (slice.workspace || assigned <= reportTuning.liveWeakestUpTo)
    return worstCounted(db, slice, reach, limit, ids(tasks));
  const oneOff = (t: TaskGroup) => !t.extra.live && t.extra.first !== null && t.extra.first === t.extra.last;
  const [ranked, counted] = await Promise.all([
    worstRanked(db, slice, reach, limit, ids(tasks.filter(oneOff))),
    worstCounted(db, slice, reach, limit, ids(tasks.filter((t) => !oneOff(t)))),
  ]);
  return [...ranked, ...counted];
}

type Weakest = Grouped & { task_id: number };

/** The weakest stores of one-off tasks, read in the index's order (rolled days only). */
function worstRanked(db: Db, slice: Slice, reach: Reach, limit: number, taskIds: SQL): Promise<Weakest[]> {
  // Each task's first rows in the index's order, not all its rows sorted: without statistics a
  // planner expects a few dozen rows per task and would rather sort them (5,000 each, 400 times).
  return db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL enable_bitmapscan = off`);
    await tx.execute(sql`SET LOCAL enable_sort = off`);
    return jsonRows<Weakest[]>(
      tx,
      sql`SELECT coalesce(json_agg(json_build_object('task_id', g.task_id, 'id', g.id, 'name', w.name,
          ${jsonPairs('g')})), '[]')::text AS rows
      FROM (
        SELECT a.task_id, a.workspace_node_id AS id, ${countColumns()}
        FROM unnest(${taskIds}) AS q(task_id)
        CROSS JOIN LATERAL (
          SELECT a.id, a.task_id, a.workspace_node_id, a.status, a.completed_at, a.due_at, a.expires_at,
            a.first_time_right
          FROM task_assignments a
          WHERE a.tenant_id = ${slice.tenantId} AND a.task_id = q.task_id AND a.status <> 'cancelled'
            AND a.due_date BETWEEN ${slice.from}::date AND ${slice.to}::date
            ${reach.workspaces ? sql`AND a.workspace_node_id = ANY(${reach.workspaces})` : sql``}
          ORDER BY (a.status IN ('done', 'approved')),
            (NOT (a.status IN ('open', 'rejected') AND a.expires_at IS NULL)), a.workspace_node_id
          LIMIT ${limit}) a
        GROUP BY a.id, a.task_id, a.workspace_node_id) g
      JOIN hierarchy_nodes w ON w.tenant_id = ${slice.tenantId} AND w.id = g.id`,
    );
  });
}

/** The weakest stores of the listed tasks, counted from their assignments in the range. */
function worstCounted(db: Db, slice: Slice, reach: Reach, limit: number, taskIds: SQL): Promise<Weakest[]> {
  // Ranked on the counts alone; only the few kept are named and made JSON.
  return jsonRows<Weakest[]>(
    db,
    sql`SELECT coalesce(json_agg(json_build_object('task_id', g.task_id, 'id', g.id, 'name', w.name,
        ${jsonPairs('g')})), '[]')::text AS rows
    FROM (
      SELECT c.*, row_number() OVER (
          PARTITION BY c.task_id ORDER BY c.done::float / c.assigned, c.overdue DESC, c.id) AS rank
      FROM (
        SELECT a.task_id, a.workspace_node_id AS id, ${countColumns()}
        FROM task_assignments a
        WHERE a.tenant_id = ${slice.tenantId} AND a.status <> 'cancelled' AND a.task_id = ANY(${taskIds})
          AND a.due_date BETWEEN ${slice.from}::date AND ${slice.to}::date
          ${reach.workspaces ? sql`AND a.workspace_node_id = ANY(${reach.workspaces})` : sql``}
        GROUP BY a.task_id, a.workspace_node_id) c) g
    JOIN hierarchy_nodes w ON w.tenant_id = ${slice.tenantId} AND w.id = g.id
    WHERE g.rank <= ${limit}`,
  );
}

export interface PersonCounts {
  id: number;
  name: string;
  completed: number;
  on_time: number;
  first_time_right: number;
  rejected: number;
  acknowledged: number;
}

/**
 * Per person: what they completed, their submissions sent back, and the communications they
 * acknowledged, all for assignments of the slice (communications count only for acknowledgements).
 */
export async function people(db: Db, slice: Slice): Promise<PersonCounts[]> {
  const reach = await reachOf(db, slice);
  const live = liveWhere(slice, reach);
  const ofAnyKind = reach.anyKind ? sql`AND a.task_id = ANY(${reach.anyKind})` : sql``;
  return jsonRows<PersonCounts[]>(
    db,
    sql`WITH counted AS (
        SELECT p.person_id AS person, p.completed, p.on_time, p.first_time_right, p.rejected, p.acknowledged
        FROM report_people_periods p
        WHERE ${periodWhere(slice, reach)}
        UNION ALL
        SELECT a.completed_by, count(*)::int, (count(*) FILTER (WHERE a.completed_at <= a.due_at))::int,
          (count(*) FILTER (WHERE a.first_time_right))::int, 0, 0
        FROM task_assignments a
        WHERE ${live} AND a.task_id = ANY(${reach.tasks}) AND a.status IN ('done', 'approved')
          AND a.completed_by IS NOT NULL
        GROUP BY 1
        UNION ALL
        SELECT s.submitted_by, 0, 0, 0, count(*)::int, 0
        FROM task_submissions s JOIN task_assignments a ON a.tenant_id = s.tenant_id AND a.id = s.assignment_id
        WHERE ${live} ${ofAnyKind} AND s.decision = 'rejected'
        GROUP BY 1
        UNION ALL
        SELECT k.user_id, 0, 0, 0, 0, count(*)::int
        FROM task_acknowledgements k JOIN task_assignments a ON a.tenant_id = k.tenant_id AND a.id = k.assignment_id
        WHERE ${live} ${ofAnyKind} AND NOT k.stale
        GROUP BY 1),
      everyone AS (
        SELECT person, sum(completed)::int AS completed, sum(on_time)::int AS on_time,
          sum(first_time_right)::int AS first_time_right, sum(rejected)::int AS rejected,
          sum(acknowledged)::int AS acknowledged
        FROM counted GROUP BY person)
    SELECT coalesce(json_agg(json_build_object(
        'id', e.person, 'name', coalesce(trim(u.firstname || ' ' || u.lastname), 'Former user'),
        'completed', e.completed, 'on_time', e.on_time, 'first_time_right', e.first_time_right,
        'rejected', e.rejected, 'acknowledged', e.acknowledged)
        ORDER BY e.completed DESC, e.person), '[]')::text AS rows
    FROM everyone e
    LEFT JOIN users u ON u.tenant_id = ${slice.tenantId} AND u.id = e.person`,
  );
}

/** The last date a person can ask about: "from a day on" reads up to it. */
const LAST_DAY = '2999-12-31';

/**
 * Dashboard counts that are not about a date range. Overdue and unread communications: of
 * assignments due on `since` or later (on a rolled day everything still to do is overdue and
 * started, so the roll-up's overdue column answers both there). Urgent open and waiting for
 * review: all of the node's, whenever due, by the same definitions as the urgent list and the
 * audit queues, so the dashboard and those screens show the same numbers.
 */
export async function currentCounts(db: Db, slice: Omit<Slice, 'from' | 'to'>, since: string) {
  const whole: Slice = { ...slice, from: since, to: LAST_DAY };
  const reach = await reachOf(db, whole);
  // The stores the urgent list reads (open ones: its work is done there) and those the audit
  // queues read (any, closed ones too: their work still waits for a decision).
  const stores = (activeOnly: boolean) =>
    sql`AND a.workspace_node_id IN (SELECT n.id FROM hierarchy_nodes n
        WHERE n.tenant_id = ${slice.tenantId} AND n.type = 'workspace' AND n.path LIKE ${`${slice.path}%`}
        ${activeOnly ? sql`AND n.status = 'active'` : sql``})`;
  const [row] = await jsonRows<
    { overdue: number; urgent_open: number; waiting_review: number; unacknowledged: number }[]
  >(
    db,
    sql`SELECT json_build_array(json_build_object(
        'overdue', coalesce(sum(s.overdue) FILTER (WHERE tt.kind <> 'communication'), 0),
        'unacknowledged', coalesce(sum(s.started) FILTER (WHERE tt.kind = 'communication'), 0),
        'urgent_open', (SELECT count(*) FROM task_assignments a
          JOIN tasks t ON t.tenant_id = a.tenant_id AND t.id = a.task_id
          JOIN task_types tt ON tt.tenant_id = t.tenant_id AND tt.id = t.type_id
          WHERE a.tenant_id = ${slice.tenantId} AND ${URGENT_OPEN} ${stores(true)}),
        'waiting_review', (SELECT count(*) FROM task_submissions s
          JOIN task_assignments a ON a.tenant_id = s.tenant_id AND a.id = s.assignment_id
          WHERE s.tenant_id = ${slice.tenantId} AND ${WAITING_SUBMISSION} ${stores(false)})))::text AS rows
      FROM (
        SELECT r.task_id, r.overdue, r.overdue AS started FROM report_node_days r
        WHERE r.tenant_id = ${slice.tenantId} AND r.node_id = ${slice.nodeId}
          AND ${inRanges(sql`r.due_date`, reach.plan.rolled)}
        UNION ALL
        SELECT a.task_id, count(*) FILTER (WHERE ${OVERDUE}),
          count(*) FILTER (WHERE ${STILL_TO_DO} AND a.start_at <= now())
        FROM task_assignments a WHERE ${liveWhere(whole, reach)}
        GROUP BY a.task_id) s
      JOIN tasks t ON t.tenant_id = ${slice.tenantId} AND t.id = s.task_id
      JOIN task_types tt ON tt.tenant_id = t.tenant_id AND tt.id = t.type_id`,
  );
  return row!;
}
