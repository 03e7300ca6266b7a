import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { jsonRows } from '../../lib/jsonRows';

/*
 * Reports count assignments: those due in the range (by their local due date), not withdrawn, of
 * tasks (communications are read, not done, and have their own figures), at workspaces under a
 * node. Every figure here is live; see the README for what that costs at scale.
 */

export interface Slice {
  tenantId: number;
  /** Materialised path of the node whose workspaces count. */
  path: string;
  from: string;
  to: string;
  typeId?: number;
  departmentId?: number;
}

/** The counts behind every rate (contract Metrics without the rates). */
export interface Counts {
  assigned: number;
  done: number;
  on_time: number;
  late: number;
  overdue: number;
  expired: number;
  cannot_do: number;
  waiting: number;
  open: number;
  first_time_right: number;
}

const STILL_TO_DO = sql`a.status IN ('open', 'rejected') AND (a.expires_at IS NULL OR a.expires_at > now())`;
const COUNTS = sql`
  'assigned', count(*),
  'done', count(*) FILTER (WHERE a.status IN ('done', 'approved')),
  'on_time', count(*) FILTER (WHERE a.status IN ('done', 'approved') AND a.completed_at <= a.due_at),
  'late', count(*) FILTER (WHERE a.status IN ('done', 'approved') AND a.completed_at > a.due_at),
  'overdue', count(*) FILTER (WHERE ${STILL_TO_DO} AND a.due_at < now()),
  'expired', count(*) FILTER (WHERE a.status = 'expired' OR (a.status IN ('open', 'rejected') AND a.expires_at <= now())),
  'cannot_do', count(*) FILTER (WHERE a.status = 'cannot_do'),
  'waiting', count(*) FILTER (WHERE a.status = 'submitted'),
  'open', count(*) FILTER (WHERE ${STILL_TO_DO} AND a.due_at >= now()),
  'first_time_right', count(*) FILTER (WHERE a.status IN ('done', 'approved') AND a.first_time_right)`;

function where(slice: Slice): SQL {
  const parts: SQL[] = [
    sql`a.tenant_id = ${slice.tenantId}`,
    sql`a.status <> 'cancelled'`,
    sql`a.due_date BETWEEN ${slice.from}::date AND ${slice.to}::date`,
    sql`n.path LIKE ${`${slice.path}%`}`,
    sql`tt.kind <> 'communication'`,
  ];
  if (slice.typeId !== undefined) parts.push(sql`t.type_id = ${slice.typeId}`);
  if (slice.departmentId !== undefined) parts.push(sql`t.department_id = ${slice.departmentId}`);
  return sql.join(parts, sql` AND `);
}

const FROM = sql`FROM task_assignments a
  JOIN tasks t ON t.tenant_id = a.tenant_id AND t.id = a.task_id
  JOIN task_types tt ON tt.tenant_id = t.tenant_id AND tt.id = t.type_id
  JOIN hierarchy_nodes n ON n.tenant_id = a.tenant_id AND n.id = a.workspace_node_id`;

export type Grouped = Counts & { id: number; name: string };

/**
 * Counts per group: `key` gives the group's id and `name` its label (functionally dependent on
 * the key). One statement, one JSON document.
 */
export function countsBy(db: Db, slice: Slice, key: SQL, name?: SQL): Promise<Grouped[]> {
  // The key is computed once in a subquery: with parameters in it, the same expression written
  // again in GROUP BY would be a different expression to PostgreSQL.
  return jsonRows<Grouped[]>(
    db,
    sql`SELECT coalesce(json_agg(g.row), '[]')::text AS rows FROM (
      SELECT json_build_object('id', a.key, 'name', a.name, ${COUNTS}) AS row
      FROM (
        SELECT ${key} AS key, ${name ?? sql`''`} AS name,
          a.status, a.completed_at, a.due_at, a.expires_at, a.first_time_right
        ${FROM} WHERE ${where(slice)}) a
      GROUP BY a.key, a.name) g`,
  );
}

export async function totals(db: Db, slice: Slice): Promise<Counts> {
  const [row] = await jsonRows<Counts[]>(
    db,
    sql`SELECT json_build_array(json_build_object(${COUNTS}))::text AS rows ${FROM} WHERE ${where(slice)}`,
  );
  return row!;
}

/** The id of the node one level below the node at `path` that each workspace lies under. */
export function childOf(path: string): SQL {
  const depth = path.split('/').filter(Boolean).length;
  return sql`(string_to_array(trim(both '/' from n.path), '/'))[${depth + 1}]::int`;
}

/** The first day of the week holding a due date, weeks starting on `weekStart` (0 = Sunday). */
export function weekOfDue(weekStart: number): SQL {
  return sql`(a.due_date - ((extract(dow from a.due_date)::int - ${weekStart} + 7) % 7))`;
}

/** Per task, its workspaces with the lowest completion (then the most overdue), `limit` each. */
export function worstByTask(db: Db, slice: Slice, limit: number) {
  return jsonRows<(Grouped & { task_id: number })[]>(
    db,
    sql`SELECT coalesce(json_agg(r.row), '[]')::text AS rows FROM (
      SELECT g.row, row_number() OVER (PARTITION BY g.task_id ORDER BY g.rate, g.overdue DESC, g.id) AS rank
      FROM (
        SELECT a.task_id, n.id,
          count(*) FILTER (WHERE a.status IN ('done', 'approved'))::float / count(*) AS rate,
          count(*) FILTER (WHERE ${STILL_TO_DO} AND a.due_at < now()) AS overdue,
          json_build_object('task_id', a.task_id, 'id', n.id, 'name', n.name, ${COUNTS}) AS row
        ${FROM} WHERE ${where(slice)}
        GROUP BY a.task_id, n.id, n.name) g) r
    WHERE r.rank <= ${limit}`,
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
export function people(db: Db, slice: Slice): Promise<PersonCounts[]> {
  const scoped = sql`a.tenant_id = ${slice.tenantId} AND a.status <> 'cancelled'
    AND a.due_date BETWEEN ${slice.from}::date AND ${slice.to}::date AND n.path LIKE ${`${slice.path}%`}
    ${slice.typeId === undefined ? sql`` : sql`AND t.type_id = ${slice.typeId}`}
    ${slice.departmentId === undefined ? sql`` : sql`AND t.department_id = ${slice.departmentId}`}`;
  return jsonRows<PersonCounts[]>(
    db,
    sql`WITH work AS (
        SELECT a.completed_by AS person, count(*) AS completed,
          count(*) FILTER (WHERE a.completed_at <= a.due_at) AS on_time,
          count(*) FILTER (WHERE a.first_time_right) AS first_time_right
        ${FROM} WHERE ${scoped} AND tt.kind <> 'communication' AND a.status IN ('done', 'approved')
          AND a.completed_by IS NOT NULL
        GROUP BY 1),
      sent_back AS (
        SELECT s.submitted_by AS person, count(*) AS rejected
        FROM task_submissions s JOIN task_assignments a ON a.tenant_id = s.tenant_id AND a.id = s.assignment_id
        JOIN tasks t ON t.tenant_id = a.tenant_id AND t.id = a.task_id
        JOIN hierarchy_nodes n ON n.tenant_id = a.tenant_id AND n.id = a.workspace_node_id
        WHERE ${scoped} AND s.decision = 'rejected'
        GROUP BY 1),
      read AS (
        SELECT k.user_id AS person, count(*) AS acknowledged
        FROM task_acknowledgements k JOIN task_assignments a ON a.tenant_id = k.tenant_id AND a.id = k.assignment_id
        JOIN tasks t ON t.tenant_id = a.tenant_id AND t.id = a.task_id
        JOIN hierarchy_nodes n ON n.tenant_id = a.tenant_id AND n.id = a.workspace_node_id
        WHERE ${scoped} AND NOT k.stale
        GROUP BY 1),
      everyone AS (SELECT person FROM work UNION SELECT person FROM sent_back UNION SELECT person FROM read)
    SELECT coalesce(json_agg(json_build_object(
        'id', e.person, 'name', coalesce(trim(u.firstname || ' ' || u.lastname), 'Former user'),
        'completed', coalesce(w.completed, 0), 'on_time', coalesce(w.on_time, 0),
        'first_time_right', coalesce(w.first_time_right, 0), 'rejected', coalesce(b.rejected, 0),
        'acknowledged', coalesce(r.acknowledged, 0))
        ORDER BY coalesce(w.completed, 0) DESC, e.person), '[]')::text AS rows
    FROM everyone e
    LEFT JOIN work w ON w.person = e.person
    LEFT JOIN sent_back b ON b.person = e.person
    LEFT JOIN read r ON r.person = e.person
    LEFT JOIN users u ON u.tenant_id = ${slice.tenantId} AND u.id = e.person`,
  );
}

/** Dashboard counts that are not about a date range: what is late, urgent, waiting, unread now. */
export async function currentCounts(db: Db, tenantId: number, path: string, since: string) {
  const [row] = await jsonRows<
    { overdue: number; urgent_open: number; waiting_review: number; unacknowledged: number }[]
  >(
    db,
    sql`SELECT json_build_array(json_build_object(
        'overdue', count(*) FILTER (WHERE tt.kind <> 'communication' AND ${STILL_TO_DO} AND a.due_at < now()),
        'urgent_open', count(*) FILTER (WHERE tt.kind = 'urgent' AND ${STILL_TO_DO} AND a.start_at <= now()),
        'waiting_review', count(*) FILTER (WHERE a.status = 'submitted'),
        'unacknowledged', count(*) FILTER (WHERE tt.kind = 'communication' AND ${STILL_TO_DO} AND a.start_at <= now())
      ))::text AS rows
      ${FROM}
      WHERE a.tenant_id = ${tenantId} AND a.due_date >= ${since}::date AND n.path LIKE ${`${path}%`}`,
  );
  return row!;
}
