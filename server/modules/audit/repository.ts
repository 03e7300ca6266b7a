import { type SQL, sql } from 'drizzle-orm';
import type {
  AuditQueueQuery,
  AuditStoreRow,
  AuditSubmissionRow,
  AuditTaskRow,
  ReviewState,
  SubmissionListQuery,
} from '../../../contract/api/audit';
import type { MyTaskType } from '../../../contract/api/mytasks';
import { THUMBNAIL_SOURCES } from '../../../contract/api/tasks';
import type { Db } from '../../db/client';
import type { Caller } from '../../lib/caller';
import { isoInstant, jsonRows, sqlRows } from '../../lib/jsonRows';
import { containing } from '../../lib/like';
import { nodeZone } from '../../lib/workspaceZone';
import { WAITING_SUBMISSION } from '../figures/definitions';

/*
 * What the audit reads. A submission is *waiting* while nobody has decided on it and its assignment
 * is still submitted (an archived task cancels what waits). Only submissions that went to review
 * count: completions of tasks without approval are done at once and never wait.
 */

/** Waiting for a decision: the product's one definition (the dashboard counts the same). */
const WAITING = WAITING_SUBMISSION;
const REVIEWED = sql`(${WAITING} OR s.decision IS NOT NULL)`;
const personName = (alias: string) => sql.raw(`trim(${alias}.firstname || ' ' || ${alias}.lastname)`);

/** Submissions under review at workspaces of `path`'s subtree (the caller's scope or a node in it). */
function submissionsIn(caller: Caller, path: string): SQL {
  return sql`FROM task_submissions s
    JOIN task_assignments a ON a.tenant_id = s.tenant_id AND a.id = s.assignment_id
    JOIN hierarchy_nodes n ON n.tenant_id = a.tenant_id AND n.id = a.workspace_node_id
    JOIN tasks t ON t.tenant_id = a.tenant_id AND t.id = a.task_id
    WHERE s.tenant_id = ${caller.tenantId} AND s.outcome = 'done' AND ${REVIEWED}
      AND n.path LIKE ${`${path}%`}`;
}

type QueueFilters = Pick<AuditQueueQuery, 'from' | 'to' | 'type_id' | 'department_id' | 'q'>;

function queueFilters(query: QueueFilters, search: SQL): SQL {
  const parts: SQL[] = [];
  if (query.from) parts.push(sql`a.due_date >= ${query.from}::date`);
  if (query.to) parts.push(sql`a.due_date <= ${query.to}::date`);
  if (query.type_id !== undefined) parts.push(sql`t.type_id = ${query.type_id}`);
  if (query.department_id !== undefined) parts.push(sql`t.department_id = ${query.department_id}`);
  if (query.q?.trim()) parts.push(sql`${search} ILIKE ${containing(query.q.trim())}`);
  return parts.length === 0 ? sql`` : sql` AND ${sql.join(parts, sql` AND `)}`;
}

const counts = sql`
  count(*) FILTER (WHERE ${WAITING}) AS waiting,
  count(*) FILTER (WHERE s.decision = 'approved') AS approved,
  count(*) FILTER (WHERE s.decision = 'rejected') AS rejected,
  min(s.submitted_at) FILTER (WHERE ${WAITING}) AS oldest_waiting`;

function having(status: AuditQueueQuery['status']): SQL {
  switch (status ?? 'waiting') {
    case 'waiting':
      return sql`HAVING count(*) FILTER (WHERE ${WAITING}) > 0`;
    case 'approved':
      return sql`HAVING count(*) FILTER (WHERE s.decision = 'approved') > 0`;
    case 'rejected':
      return sql`HAVING count(*) FILTER (WHERE s.decision = 'rejected') > 0`;
    default:
      return sql``;
  }
}

const page = (query: { page: number; per_page: number }) =>
  sql`LIMIT ${query.per_page} OFFSET ${(query.page - 1) * query.per_page}`;

const countFields = sql`'waiting', g.waiting, 'approved', g.approved, 'rejected', g.rejected,
  'oldest_waiting_at', ${isoInstant(sql`g.oldest_waiting`)}`;

/** One kind of row of the review queue: what it groups by, searches, names and joins. */
interface QueueGroup {
  /** The assignment column the queue groups by. */
  key: SQL;
  search: SQL;
  /** The row's own fields, before its counts. */
  fields: SQL;
  /** From the group (`g`) to what `fields` reads. */
  joins: (caller: Caller) => SQL;
}

/** Groups of submissions under review, the longest-waiting first; `total` is the number of groups. */
function listQueue<Row>(db: Db, caller: Caller, path: string, query: AuditQueueQuery, group: QueueGroup) {
  return jsonRows<{ total: number; rows: Row[] }>(
    db,
    sql`WITH g AS (
      SELECT ${group.key} AS group_id, ${counts}, max(s.submitted_at) AS latest, count(*) OVER () AS total
      ${submissionsIn(caller, path)} ${queueFilters(query, group.search)}
      GROUP BY ${group.key} ${having(query.status)}
      ORDER BY oldest_waiting ASC NULLS LAST, latest DESC, ${group.key}
      ${page(query)})
    SELECT json_build_object('total', coalesce(max(g.total), 0), 'rows', coalesce(json_agg(json_build_object(
      ${group.fields},
      ${countFields})
      ORDER BY g.oldest_waiting ASC NULLS LAST, g.latest DESC, g.group_id), '[]'))::text AS rows
    FROM g
    ${group.joins(caller)}`,
  );
}

/** Tasks with submissions under review. */
export const listTasks = (db: Db, caller: Caller, path: string, query: AuditQueueQuery) =>
  listQueue<AuditTaskRow>(db, caller, path, query, {
    key: sql`a.task_id`,
    search: sql`t.title`,
    fields: sql`'id', t.id, 'title', t.title,
      'type', json_build_object('id', tt.id, 'name', tt.name, 'colour', tt.colour, 'icon', tt.icon),
      'department', CASE WHEN d.id IS NULL THEN NULL ELSE json_build_object('id', d.id, 'name', d.name) END`,
    joins: (c) => sql`JOIN tasks t ON t.tenant_id = ${c.tenantId} AND t.id = g.group_id
    JOIN task_types tt ON tt.tenant_id = t.tenant_id AND tt.id = t.type_id
    LEFT JOIN departments d ON d.tenant_id = t.tenant_id AND d.id = t.department_id`,
  });

/** Workspaces with submissions under review. */
export const listStores = (db: Db, caller: Caller, path: string, query: AuditQueueQuery) =>
  listQueue<AuditStoreRow>(db, caller, path, query, {
    key: sql`a.workspace_node_id`,
    search: sql`n.name`,
    fields: sql`'id', n.id, 'name', n.name,
      'parent_path', coalesce((
        SELECT string_agg(p.name, ' / ' ORDER BY length(p.path))
        FROM hierarchy_nodes p
        WHERE p.tenant_id = n.tenant_id AND p.parent_id IS NOT NULL AND p.id <> n.id
          AND p.id = ANY (string_to_array(trim(both '/' from n.path), '/')::int[])
      ), '')`,
    joins: (c) => sql`JOIN hierarchy_nodes n ON n.tenant_id = ${c.tenantId} AND n.id = g.group_id`,
  });

function stateFilter(state: ReviewState | 'all' | undefined): SQL {
  switch (state ?? 'waiting') {
    case 'waiting':
      return sql` AND ${WAITING}`;
    case 'approved':
      return sql` AND s.decision = 'approved'`;
    case 'rejected':
      return sql` AND s.decision = 'rejected'`;
    default:
      return sql``;
  }
}

const submissionRow = sql`json_build_object(
  'id', s.id, 'assignment_id', a.id,
  'task', json_build_object('id', t.id, 'title', t.title),
  'workspace', json_build_object('id', n.id, 'name', n.name, 'timezone', ${nodeZone}),
  'occurrence_date', a.occurrence_date, 'due_at', ${isoInstant(sql`a.due_at`)},
  'attempt', s.attempt,
  'submitted_by', json_build_object('id', s.submitted_by, 'name', coalesce(${personName('u')}, '')),
  'submitted_at', ${isoInstant(sql`s.submitted_at`)},
  'late', s.submitted_at > a.due_at,
  'state', CASE WHEN s.decision IS NOT NULL THEN s.decision WHEN ${WAITING} THEN 'waiting' END,
  'photos', (SELECT count(*) FROM task_submission_files sf JOIN task_files f ON f.tenant_id = sf.tenant_id AND f.hash = sf.hash
             WHERE sf.tenant_id = s.tenant_id AND sf.submission_id = s.id AND f.kind = 'photo'),
  'files', (SELECT count(*) FROM task_submission_files sf JOIN task_files f ON f.tenant_id = sf.tenant_id AND f.hash = sf.hash
            WHERE sf.tenant_id = s.tenant_id AND sf.submission_id = s.id AND f.kind = 'document'),
  'cover', (SELECT sf.hash FROM task_submission_files sf JOIN task_files f ON f.tenant_id = sf.tenant_id AND f.hash = sf.hash
            WHERE sf.tenant_id = s.tenant_id AND sf.submission_id = s.id AND f.kind = 'photo'
              AND f.mime IN (${sql.join(
                THUMBNAIL_SOURCES.map((mime) => sql`${mime}`),
                sql`, `,
              )})
            ORDER BY sf.sort_order LIMIT 1))`;

const submitter = sql`LEFT JOIN users u ON u.tenant_id = s.tenant_id AND u.id = s.submitted_by`;

/** A page of submissions of one task and/or one workspace; waiting ones oldest first, decided ones newest first. */
export async function listSubmissions(db: Db, caller: Caller, path: string, query: SubmissionListQuery) {
  const filters: SQL[] = [queueFilters(query, sql``)];
  if (query.task_id !== undefined) filters.push(sql` AND a.task_id = ${query.task_id}`);
  if (query.workspace_id !== undefined) filters.push(sql` AND a.workspace_node_id = ${query.workspace_id}`);
  const order =
    (query.status ?? 'waiting') === 'waiting'
      ? sql`s.submitted_at ASC, s.id`
      : sql`s.submitted_at DESC, s.id DESC`;
  return jsonRows<{ total: number; rows: AuditSubmissionRow[] }>(
    db,
    sql`WITH page AS (
      SELECT s.id, count(*) OVER () AS total, row_number() OVER (ORDER BY ${order}) AS position
      ${submissionsIn(caller, path)} ${sql.join(filters, sql``)} ${stateFilter(query.status)}
      ORDER BY ${order} ${page(query)})
    SELECT json_build_object('total', coalesce(max(page.total), 0),
      'rows', coalesce(json_agg(${submissionRow} ORDER BY page.position), '[]'))::text AS rows
    FROM page
    JOIN task_submissions s ON s.tenant_id = ${caller.tenantId} AND s.id = page.id
    JOIN task_assignments a ON a.tenant_id = s.tenant_id AND a.id = s.assignment_id
    JOIN hierarchy_nodes n ON n.tenant_id = a.tenant_id AND n.id = a.workspace_node_id
    JOIN tasks t ON t.tenant_id = a.tenant_id AND t.id = a.task_id
    ${submitter}`,
  );
}

export interface SubmissionFacts {
  row: AuditSubmissionRow;
  path: string;
  submittedBy: number;
  type: MyTaskType;
}

/** One submission of the tenant wherever it is (the service tells 404 from 403 by its path). */
export async function findSubmission(db: Db, tenantId: number, id: number) {
  const [found] = await jsonRows<SubmissionFacts[]>(
    db,
    sql`SELECT coalesce(json_agg(json_build_object(
      'row', ${submissionRow}, 'path', n.path, 'submittedBy', s.submitted_by,
      'type', json_build_object('id', tt.id, 'name', tt.name, 'colour', tt.colour,
        'secondary_colour', tt.secondary_colour, 'icon', tt.icon, 'sort_order', tt.sort_order, 'kind', tt.kind)
    )), '[]')::text AS rows
    FROM task_submissions s
    JOIN task_assignments a ON a.tenant_id = s.tenant_id AND a.id = s.assignment_id
    JOIN hierarchy_nodes n ON n.tenant_id = a.tenant_id AND n.id = a.workspace_node_id
    JOIN tasks t ON t.tenant_id = a.tenant_id AND t.id = a.task_id
    JOIN task_types tt ON tt.tenant_id = t.tenant_id AND tt.id = t.type_id
    ${submitter}
    WHERE s.tenant_id = ${tenantId} AND s.id = ${id} AND s.outcome = 'done'`,
  );
  return found;
}

/** True when the tenant has this task (a task id of another tenant is a 404, not an empty list). */
export async function taskExists(db: Db, tenantId: number, taskId: number) {
  const rows = await sqlRows<{ id: number }>(
    db,
    sql`SELECT id FROM tasks WHERE tenant_id = ${tenantId} AND id = ${taskId}`,
  );
  return rows.length > 0;
}

export interface LockedSubmission {
  id: number;
  assignment_id: number;
  task_id: number;
  attempt: number;
  submitted_by: number;
  path: string;
  workspace_node_id: number;
  waiting: boolean;
  rejected_before: boolean;
}

/**
 * The submissions with their assignments locked (FOR UPDATE): a second reviewer of the same
 * submission waits here, then reads the first one's decision and is refused.
 */
export async function lockSubmissions(db: Db, tenantId: number, ids: readonly number[]) {
  const rows = await sqlRows<Record<keyof LockedSubmission, unknown>>(
    db,
    sql`SELECT s.id, s.assignment_id, a.task_id, s.attempt, s.submitted_by, n.path, a.workspace_node_id,
        (s.decision IS NULL AND a.status = 'submitted') AS waiting,
        EXISTS (SELECT 1 FROM task_submissions r WHERE r.tenant_id = ${tenantId}
                AND r.assignment_id = s.assignment_id AND r.decision = 'rejected') AS rejected_before
      FROM task_submissions s
      JOIN task_assignments a ON a.tenant_id = s.tenant_id AND a.id = s.assignment_id
      JOIN hierarchy_nodes n ON n.tenant_id = a.tenant_id AND n.id = a.workspace_node_id
      WHERE s.tenant_id = ${tenantId} AND s.outcome = 'done'
        AND s.id IN (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})
      ORDER BY a.id
      FOR UPDATE OF a, s`,
  );
  return rows.map(
    (r): LockedSubmission => ({
      id: Number(r.id),
      assignment_id: Number(r.assignment_id),
      task_id: Number(r.task_id),
      attempt: Number(r.attempt),
      submitted_by: Number(r.submitted_by),
      path: String(r.path),
      workspace_node_id: Number(r.workspace_node_id),
      waiting: r.waiting === true,
      rejected_before: r.rejected_before === true,
    }),
  );
}

/** Records the decision on the submission and moves its assignment on. */
export async function decide(
  db: Db,
  tenantId: number,
  reviewerId: number,
  target: LockedSubmission,
  decision: { kind: 'approved' } | { kind: 'rejected'; reason: string; fileHash: string | null },
) {
  const rejected = decision.kind === 'rejected';
  await db.execute(sql`UPDATE task_submissions
    SET decision = ${decision.kind}, reviewed_by = ${reviewerId}, reviewed_at = now(),
      review_reason = ${rejected ? decision.reason : null},
      review_file_hash = ${rejected ? decision.fileHash : null}
    WHERE tenant_id = ${tenantId} AND id = ${target.id}`);
  // First-time-right: approved on the first submission, never sent back.
  const firstTimeRight = !rejected && target.attempt === 1 && !target.rejected_before;
  await db.execute(sql`UPDATE task_assignments
    SET status = ${decision.kind}, first_time_right = ${firstTimeRight}, updated_at = now()
    WHERE tenant_id = ${tenantId} AND id = ${target.assignment_id} AND status = 'submitted'`);
}

/** The photo hashes of a submission (a rejection may point at one of them). */
export async function submissionPhotos(db: Db, tenantId: number, submissionId: number) {
  const rows = await sqlRows<{ hash: string }>(
    db,
    sql`SELECT sf.hash FROM task_submission_files sf
      JOIN task_files f ON f.tenant_id = sf.tenant_id AND f.hash = sf.hash
      WHERE sf.tenant_id = ${tenantId} AND sf.submission_id = ${submissionId} AND f.kind = 'photo'`,
  );
  return rows.map((r) => r.hash);
}
