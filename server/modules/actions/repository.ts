import { type SQL, sql } from 'drizzle-orm';
import type {
  Action,
  ActionEventKind,
  ActionPriority,
  ActionRow,
  ActionSource,
  ActionState,
  ActionStatus,
} from '../../../contract/api/actions';
import type { Db } from '../../db/client';
import { actionEvents, actionFiles, actions } from '../../db/schema';
import type { Caller } from '../../lib/caller';
import { isoInstant, jsonRows, sqlRows } from '../../lib/jsonRows';
import { containing } from '../../lib/like';
import { personNameOf } from '../../lib/personName';
import { atOrAbove } from '../../lib/scopeNodes';
import { nodeZone } from '../../lib/workspaceZone';

/*
 * What actions read and write. Every statement names the tenant; every read that answers a caller
 * is limited to stores under the caller's scope path (`n.path LIKE scope%`), or to actions
 * assigned to the caller or raised by them wherever their position is now. Aliases: a actions,
 * n its store, u its assignee, c its creator.
 */

/** The store's local today, in its zone: what "overdue" is measured against. */
const storeToday = sql`(now() AT TIME ZONE ${nodeZone})::date`;

/**
 * The one definition of each state (README "Actions"): the list's `state=` filter and the
 * dashboard's counts both use these, so they agree.
 */
export const STATE_SQL: Record<ActionState, SQL> = {
  unresolved: sql`a.status IN ('open', 'in_progress')`,
  overdue: sql`(a.status IN ('open', 'in_progress') AND a.due_date < ${storeToday})`,
  to_close: sql`(a.status IN ('done', 'cannot_fix') AND a.closed_at IS NULL)`,
  closed: sql`a.closed_at IS NOT NULL`,
};

/** Assigned to the caller, or to the store of the caller's position with no one named. */
export const mineSql = (caller: Caller) =>
  sql`(a.assignee_id = ${caller.userId} OR (a.assignee_id IS NULL AND a.store_node_id = ${caller.scope.nodeId}))`;

/** In the caller's part of the tree, or theirs by assignment or because they raised it. */
const seenBy = (caller: Caller) =>
  sql`(n.path LIKE ${`${caller.scope.path}%`} OR a.assignee_id = ${caller.userId} OR a.created_by = ${caller.userId})`;

const stamp = (column: string) =>
  sql`CASE WHEN ${sql.raw(column)} IS NULL THEN NULL ELSE ${isoInstant(sql.raw(column))} END`;

export const rowFields = sql`'id', a.id, 'title', a.title, 'priority', a.priority, 'status', a.status,
  'due_date', to_char(a.due_date, 'YYYY-MM-DD'),
  'store', json_build_object('id', n.id, 'name', n.name, 'timezone', ${nodeZone}),
  'assignee', CASE WHEN a.assignee_id IS NULL THEN NULL
    ELSE json_build_object('id', a.assignee_id, 'name', coalesce(${personNameOf('u')}, '')) END,
  'created_by', json_build_object('id', a.created_by, 'name', coalesce(${personNameOf('c')}, '')),
  'created_at', ${isoInstant(sql`a.created_at`)}, 'updated_at', ${isoInstant(sql`a.updated_at`)},
  'closed_at', ${stamp('a.closed_at')}, 'overdue', ${STATE_SQL.overdue},
  'escalated_at', ${stamp('a.escalated_at')}, 'source', a.source`;

const rowJoins = sql`JOIN hierarchy_nodes n ON n.tenant_id = a.tenant_id AND n.id = a.store_node_id
  LEFT JOIN users u ON u.tenant_id = a.tenant_id AND u.id = a.assignee_id
  LEFT JOIN users c ON c.tenant_id = a.tenant_id AND c.id = a.created_by`;

/** An action with everything its page shows but `can`, and where its store sits. */
export interface FoundAction {
  action: Omit<Action, 'can'>;
  path: string;
  assignee_id: number | null;
  created_by: number;
  store_node_id: number;
}

const eventFields = sql`json_build_object('id', e.id, 'kind', e.kind,
  'user', CASE WHEN e.user_id IS NULL THEN NULL
    ELSE json_build_object('id', e.user_id, 'name', coalesce(${personNameOf('eu')}, '')) END,
  'at', ${isoInstant(sql`e.created_at`)}, 'comment', e.comment, 'photos', e.photos,
  'from_status', e.from_status, 'to_status', e.to_status)`;

/** One action the caller may see; undefined otherwise, another tenant's included. */
export async function findAction(db: Db, caller: Caller, id: number) {
  const [found] = await jsonRows<FoundAction[]>(
    db,
    sql`SELECT coalesce(json_agg(json_build_object(
        'action', json_build_object(${rowFields},
          'description', a.description, 'photos', a.photos, 'inspection_item', a.inspection_item,
          'assignment', CASE WHEN a.assignment_id IS NULL THEN NULL
            ELSE json_build_object('id', a.assignment_id, 'task_title', coalesce(a.task_title, '')) END,
          'closed_by', CASE WHEN a.closed_by IS NULL THEN NULL
            ELSE json_build_object('id', a.closed_by, 'name', coalesce(
              (SELECT ${personNameOf('cb')} FROM users cb WHERE cb.tenant_id = a.tenant_id AND cb.id = a.closed_by), '')) END,
          'events', (SELECT coalesce(json_agg(${eventFields} ORDER BY e.id), '[]')
            FROM action_events e LEFT JOIN users eu ON eu.tenant_id = e.tenant_id AND eu.id = e.user_id
            WHERE e.tenant_id = a.tenant_id AND e.action_id = a.id)),
        'path', n.path, 'assignee_id', a.assignee_id, 'created_by', a.created_by,
        'store_node_id', a.store_node_id
      )), '[]')::text AS rows
      FROM actions a ${rowJoins}
      WHERE a.tenant_id = ${caller.tenantId} AND a.id = ${id} AND ${seenBy(caller)}`,
  );
  return found;
}

/** The row a change works on, locked until its transaction ends (two steps at once take turns). */
export interface LockedAction {
  id: number;
  title: string;
  status: ActionStatus;
  priority: ActionPriority;
  due_date: string;
  description: string;
  assignee_id: number | null;
  created_by: number;
  store_node_id: number;
  closed: boolean;
  path: string;
  store_name: string;
}

export async function lockAction(db: Db, caller: Caller, id: number) {
  const [locked] = await sqlRows<LockedAction>(
    db,
    sql`SELECT a.id::int AS id, a.title, a.status, a.priority, to_char(a.due_date, 'YYYY-MM-DD') AS due_date,
        a.description, a.assignee_id, a.created_by, a.store_node_id, a.closed_at IS NOT NULL AS closed,
        n.path, n.name AS store_name
      FROM actions a JOIN hierarchy_nodes n ON n.tenant_id = a.tenant_id AND n.id = a.store_node_id
      WHERE a.tenant_id = ${caller.tenantId} AND a.id = ${id} AND ${seenBy(caller)}
      FOR UPDATE OF a`,
  );
  return locked;
}

export interface NewAction {
  tenantId: number;
  title: string;
  description: string;
  priority: ActionPriority;
  dueDate: string;
  storeNodeId: number;
  assigneeId: number | null;
  source: ActionSource;
  inspectionId?: number;
  questionId?: string;
  inspectionItem?: Action['inspection_item'];
  assignmentId?: number;
  taskTitle?: string;
  photos: string[];
  createdBy: number;
}

/** A new action, or undefined when its inspection item has one already (the unique index). */
export async function insertAction(db: Db, values: NewAction): Promise<number | undefined> {
  const [row] = await db
    .insert(actions)
    .values(values)
    .onConflictDoNothing({
      target: [actions.tenantId, actions.inspectionId, actions.questionId],
      where: sql`${actions.inspectionId} IS NOT NULL`,
    })
    .returning({ id: actions.id });
  return row?.id;
}

/** The action already made from an inspection's item. */
export async function actionOfItem(db: Db, tenantId: number, inspectionId: number, questionId: string) {
  const [row] = await sqlRows<{ id: number }>(
    db,
    sql`SELECT id::int AS id FROM ${actions} WHERE tenant_id = ${tenantId} AND inspection_id = ${inspectionId}
      AND question_id = ${questionId}`,
  );
  return row?.id;
}

export async function addEvent(
  db: Db,
  values: {
    tenantId: number;
    actionId: number;
    userId: number | null;
    kind: ActionEventKind;
    comment?: string;
    photos?: string[];
    fromStatus?: ActionStatus;
    toStatus?: ActionStatus;
  },
) {
  await db.insert(actionEvents).values(values);
}

/** The fields a change sets (undefined: unchanged); `updated_at` always moves. */
export interface ActionChange {
  title?: string;
  description?: string;
  priority?: ActionPriority;
  dueDate?: string;
  assigneeId?: number | null;
  status?: ActionStatus;
  /** true: closed by `closedBy` now; false: open again (and told again when overdue). */
  closed?: boolean;
  closedBy?: number;
}

export async function updateAction(db: Db, tenantId: number, id: number, change: ActionChange) {
  const sets: SQL[] = [sql`updated_at = now()`];
  if (change.title !== undefined) sets.push(sql`title = ${change.title}`);
  if (change.description !== undefined) sets.push(sql`description = ${change.description}`);
  if (change.priority !== undefined) sets.push(sql`priority = ${change.priority}`);
  if (change.dueDate !== undefined) sets.push(sql`due_date = ${change.dueDate}::date, escalated_at = NULL`);
  if (change.assigneeId !== undefined) sets.push(sql`assignee_id = ${change.assigneeId}`);
  if (change.status !== undefined) sets.push(sql`status = ${change.status}`);
  if (change.closed === true) sets.push(sql`closed_at = now(), closed_by = ${change.closedBy ?? null}`);
  if (change.closed === false) sets.push(sql`closed_at = NULL, closed_by = NULL, escalated_at = NULL`);
  await db.execute(sql`UPDATE ${actions} SET ${sql.join(sets, sql`, `)}
    WHERE tenant_id = ${tenantId} AND id = ${id}`);
}

/** Adds files to the action's list (every photo it and its history hold), so downloads ask the action. */
export async function keepFiles(db: Db, tenantId: number, actionId: number, hashes: readonly string[]) {
  if (hashes.length === 0) return;
  await db
    .insert(actionFiles)
    .values(hashes.map((hash, i) => ({ tenantId, actionId, hash, sortOrder: i })))
    .onConflictDoNothing();
}

export async function deleteAction(db: Db, tenantId: number, id: number) {
  await db.execute(sql`DELETE FROM ${actions} WHERE tenant_id = ${tenantId} AND id = ${id}`);
}

/** Whether the date is before the store's local today. */
export async function isPast(db: Db, tenantId: number, storeNodeId: number, date: string) {
  const [row] = await sqlRows<{ past: boolean }>(
    db,
    sql`SELECT ${date}::date < ${storeToday} AS past FROM hierarchy_nodes n
      WHERE n.tenant_id = ${tenantId} AND n.id = ${storeNodeId}`,
  );
  return row?.past ?? false;
}

/**
 * The people an action at the store may be assigned to: enabled, positioned at the store or at a
 * node above it inside the caller's scope, in a role that reads actions (so they can see it).
 */
export async function assigneesAt(
  db: Db,
  caller: Caller,
  store: { id: number; path: string },
  q?: string,
  only?: number,
) {
  const search = q?.trim()
    ? sql`AND (${personNameOf('u')} ILIKE ${containing(q.trim())} OR u.username ILIKE ${containing(q.trim())})`
    : sql``;
  const one = only === undefined ? sql`` : sql`AND u.id = ${only}`;
  return sqlRows<{ id: number; name: string }>(
    db,
    sql`SELECT DISTINCT u.id, ${personNameOf('u')} AS name FROM positions p
      JOIN hierarchy_nodes pn ON pn.tenant_id = p.tenant_id AND pn.id = p.node_id
      JOIN users u ON u.tenant_id = p.tenant_id AND u.id = p.user_id AND u.enabled
      JOIN role_permissions g ON g.tenant_id = p.tenant_id AND g.role_id = p.role_id
        AND g.module = 'action' AND g.enabled AND 'read' = ANY(g.capabilities)
      WHERE p.tenant_id = ${caller.tenantId}
        AND ${atOrAbove('pn', sql`${store.path}`)}
        AND pn.path LIKE ${`${caller.scope.path}%`} ${search} ${one}
      ORDER BY name, u.id LIMIT 50`,
  );
}

/** A task assignment in the caller's scope that could not be done or was sent back, with its task's title. */
export async function troubledAssignment(db: Db, caller: Caller, assignmentId: number) {
  const [found] = await sqlRows<{ store_node_id: number; title: string; troubled: boolean }>(
    db,
    sql`SELECT a.workspace_node_id AS store_node_id, t.title,
        EXISTS (SELECT 1 FROM task_submissions s WHERE s.tenant_id = a.tenant_id AND s.assignment_id = a.id
          AND (s.outcome = 'cannot_do' OR s.decision = 'rejected')) AS troubled
      FROM task_assignments a
      JOIN tasks t ON t.tenant_id = a.tenant_id AND t.id = a.task_id
      JOIN hierarchy_nodes n ON n.tenant_id = a.tenant_id AND n.id = a.workspace_node_id
      WHERE a.tenant_id = ${caller.tenantId} AND a.id = ${assignmentId}
        AND n.path LIKE ${`${caller.scope.path}%`}`,
  );
  return found;
}

/** What a list, an export and the counts filter on (all optional but the subtree). */
export interface ActionFilter {
  path: string;
  mine?: Caller;
  state?: ActionState;
  status?: ActionStatus;
  priority?: ActionPriority;
  source?: ActionSource;
  assigneeId?: number;
  inspectionId?: number;
  dueFrom?: string;
  dueTo?: string;
  q?: string;
}

export function filterSql(tenantId: number, f: ActionFilter): SQL {
  const parts: SQL[] = [sql`a.tenant_id = ${tenantId}`, sql`n.path LIKE ${`${f.path}%`}`];
  if (f.mine) parts.push(mineSql(f.mine));
  if (f.state) parts.push(STATE_SQL[f.state]);
  if (f.status) parts.push(sql`a.status = ${f.status}`);
  if (f.priority) parts.push(sql`a.priority = ${f.priority}`);
  if (f.source) parts.push(sql`a.source = ${f.source}`);
  if (f.assigneeId !== undefined) parts.push(sql`a.assignee_id = ${f.assigneeId}`);
  if (f.inspectionId !== undefined) parts.push(sql`a.inspection_id = ${f.inspectionId}`);
  if (f.dueFrom) parts.push(sql`a.due_date >= ${f.dueFrom}::date`);
  if (f.dueTo) parts.push(sql`a.due_date <= ${f.dueTo}::date`);
  if (f.q?.trim()) {
    const pattern = containing(f.q.trim());
    parts.push(sql`(a.title ILIKE ${pattern} OR a.description ILIKE ${pattern})`);
  }
  return sql.join(parts, sql` AND `);
}

const SORTS = {
  due_date: sql`a.due_date`,
  priority: sql`CASE a.priority WHEN 'high' THEN 3 WHEN 'medium' THEN 2 ELSE 1 END`,
  created_at: sql`a.created_at`,
  updated_at: sql`a.updated_at`,
  id: sql`a.id`,
} as const;
export type ActionSort = keyof typeof SORTS;

export async function listActions(
  db: Db,
  tenantId: number,
  filter: ActionFilter,
  order: { sort: ActionSort; order: 'asc' | 'desc' },
  page: { limit: number; offset: number },
) {
  const direction = order.order === 'asc' ? sql`ASC` : sql`DESC`;
  const by = sql`${SORTS[order.sort]} ${direction}, a.id ${direction}`;
  return jsonRows<{ total: number; rows: ActionRow[] }>(
    db,
    sql`WITH page AS (
      SELECT a.id, count(*) OVER () AS total, row_number() OVER (ORDER BY ${by}) AS position
      FROM actions a
      JOIN hierarchy_nodes n ON n.tenant_id = a.tenant_id AND n.id = a.store_node_id
      WHERE ${filterSql(tenantId, filter)}
      ORDER BY ${by} LIMIT ${page.limit} OFFSET ${page.offset})
    SELECT json_build_object('total', coalesce(max(page.total), 0),
      'rows', coalesce(json_agg(json_build_object(${rowFields}) ORDER BY page.position), '[]'))::text AS rows
    FROM page
    JOIN actions a ON a.tenant_id = ${tenantId} AND a.id = page.id
    ${rowJoins}`,
  );
}

/** The dashboard's figures in one pass, each with its state's one definition. */
export async function countActions(db: Db, caller: Caller, path: string) {
  const [row] = await sqlRows<{ unresolved: number; overdue: number; to_close: number; mine: number }>(
    db,
    sql`SELECT count(*) FILTER (WHERE ${STATE_SQL.unresolved})::int AS unresolved,
        count(*) FILTER (WHERE ${STATE_SQL.overdue})::int AS overdue,
        count(*) FILTER (WHERE ${STATE_SQL.to_close})::int AS to_close,
        count(*) FILTER (WHERE ${STATE_SQL.unresolved} AND ${mineSql(caller)})::int AS mine
      FROM actions a JOIN hierarchy_nodes n ON n.tenant_id = a.tenant_id AND n.id = a.store_node_id
      WHERE a.tenant_id = ${caller.tenantId} AND n.path LIKE ${`${path}%`}`,
  );
  return row ?? { unresolved: 0, overdue: 0, to_close: 0, mine: 0 };
}
