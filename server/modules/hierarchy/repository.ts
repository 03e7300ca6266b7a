import { randomBytes } from 'node:crypto';
import { and, asc, count, countDistinct, eq, inArray, like, or, type SQL, sql } from 'drizzle-orm';
import type { WorkspaceObject } from '../../../contract/api/hierarchy';
import type { HierarchyNode } from '../../../contract/api/session';
import type { Db } from '../../db/client';
import { hierarchyNodes, positions, roles, users, workspaces } from '../../db/schema';
import { jsonRows, sqlRows } from '../../lib/jsonRows';
import { anyContains } from '../../lib/like';
import { idsOfPath, inSubtree } from '../../lib/paths';
import { positionNode, positionRole, positionUser } from '../../lib/positionJoins';
import { findTenantRow, updateTenantRow } from '../../lib/tenantRows';

const subtreeWhere = (tenantId: number, rootPath: string) =>
  sql`n.tenant_id = ${tenantId} AND (n.path = ${rootPath} OR n.path LIKE ${`${rootPath}%`})`;
const treeOrder = sql`n.level, n.sort_order, n.name, n.id`;

/**
 * Nodes `n` with their workspace `w` (none for a container) where `where` holds, as one JSON
 * document: a row per node as `row` builds it, ordered for tree building.
 */
const nodeRows = <T>(db: Db, row: SQL, where: SQL) =>
  jsonRows<T[]>(
    db,
    sql`SELECT coalesce(json_agg(${row} ORDER BY ${treeOrder}), '[]')::text AS rows
        FROM ${hierarchyNodes} n
        LEFT JOIN ${workspaces} w ON w.tenant_id = n.tenant_id AND w.node_id = n.id
        WHERE ${where}`,
  );

/** A node's fields in the API's names. */
const nodeFields = sql`'id', n.id, 'parent_id', n.parent_id, 'type', n.type, 'name', n.name, 'level', n.level,
  'status', n.status`;

/** The node's workspace object (null for a container), with `open_at` as `openAt` renders w.open_at. */
const objectOf = (openAt: SQL) => sql`CASE WHEN w.id IS NULL THEN NULL ELSE json_build_object(
  'id', w.id, 'identifier', w.identifier, 'street_line1', w.street_line1,
  'street_line2', w.street_line2, 'suburb', w.suburb, 'city', w.city, 'state', w.state,
  'postcode', w.postcode, 'contact', w.contact, 'description', w.description,
  'open_at', ${openAt}, 'timezone', w.timezone) END`;

export interface SubtreeRow {
  id: number;
  parentId: number | null;
  type: HierarchyNode['type'];
  name: string;
  level: number;
  status: HierarchyNode['status'];
  objectId: number | null;
}

/** Every node in the subtree whose root has this path, as flat rows ordered for tree building. */
export async function listSubtree(db: Db, tenantId: number, rootPath: string): Promise<SubtreeRow[]> {
  return nodeRows<SubtreeRow>(
    db,
    sql`json_build_object(
          'id', n.id, 'parentId', n.parent_id, 'type', n.type, 'name', n.name, 'level', n.level,
          'status', n.status, 'objectId', w.id)`,
    subtreeWhere(tenantId, rootPath),
  );
}

/** Nests nodes under their parents; nodes whose parent is outside the set become roots. */
export function nestNodes<N extends { id: number; parent_id: number | null; children: N[] }>(
  nodes: N[],
): N[] {
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const roots: N[] = [];
  for (const node of nodes) {
    const parent = node.parent_id === null ? undefined : byId.get(node.parent_id);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** The flat rows as the web app's tree after sign-in. */
export function buildTree(rows: SubtreeRow[]): HierarchyNode[] {
  return nestNodes(
    rows.map((r) => ({
      id: r.id,
      object_id: r.objectId ?? null,
      name: r.name,
      type: r.type,
      level: r.level,
      status: r.status,
      parent_id: r.parentId,
      children: [],
    })),
  );
}

export async function insertNode(
  db: Db,
  tenantId: number,
  values: {
    parentId: number | null;
    parentPath: string;
    type: HierarchyNode['type'];
    name: string;
    level: number;
    status?: 'active' | 'inactive';
    sortOrder?: number;
  },
) {
  const [row] = await db
    .insert(hierarchyNodes)
    .values({
      tenantId,
      parentId: values.parentId,
      type: values.type,
      name: values.name,
      level: values.level,
      status: values.status ?? 'active',
      sortOrder: values.sortOrder ?? 0,
      path: '/',
    })
    .returning({ id: hierarchyNodes.id });
  const id = row!.id;
  const path = `${values.parentPath}${id}/`;
  await updateTenantRow(db, hierarchyNodes, tenantId, id, { path });
  return { id, path };
}

export type NodeRow = typeof hierarchyNodes.$inferSelect;

export const findNode = (db: Db, tenantId: number, id: number): Promise<NodeRow | undefined> =>
  findTenantRow(db, hierarchyNodes, hierarchyNodes.id, tenantId, id);

export async function findNodes(db: Db, tenantId: number, ids: readonly number[]): Promise<NodeRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(hierarchyNodes)
    .where(and(eq(hierarchyNodes.tenantId, tenantId), inArray(hierarchyNodes.id, [...ids])));
}

export async function findUnassignedNode(db: Db, tenantId: number): Promise<NodeRow | undefined> {
  const [row] = await db
    .select()
    .from(hierarchyNodes)
    .where(and(eq(hierarchyNodes.tenantId, tenantId), eq(hierarchyNodes.type, 'unassigned')))
    .orderBy(asc(hierarchyNodes.id))
    .limit(1);
  return row;
}

/** Id and name of the nodes on a path, root first. */
export async function listAncestors(db: Db, tenantId: number, path: string) {
  const ids = idsOfPath(path).slice(0, -1);
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: hierarchyNodes.id, name: hierarchyNodes.name, level: hierarchyNodes.level })
    .from(hierarchyNodes)
    .where(and(eq(hierarchyNodes.tenantId, tenantId), inArray(hierarchyNodes.id, ids)))
    .orderBy(asc(hierarchyNodes.level));
  return rows.map(({ id, name }) => ({ id, name }));
}

export async function countChildren(db: Db, tenantId: number, id: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(hierarchyNodes)
    .where(and(eq(hierarchyNodes.tenantId, tenantId), eq(hierarchyNodes.parentId, id)));
  return row?.n ?? 0;
}

/** Nodes strictly below each path (the node itself excluded). */
export async function countDescendants(db: Db, tenantId: number, path: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(hierarchyNodes)
    .where(and(eq(hierarchyNodes.tenantId, tenantId), like(hierarchyNodes.path, `${path}_%`)));
  return row?.n ?? 0;
}

/** Users positioned at each node of a subtree, as node id → head count. */
export async function countUsersByNode(
  db: Db,
  tenantId: number,
  rootPath: string,
): Promise<Map<number, number>> {
  const counts = await jsonRows<Record<string, number>>(
    db,
    sql`SELECT coalesce(json_object_agg(node_id, people), '{}')::text AS rows FROM (
          SELECT p.node_id, count(DISTINCT p.user_id) AS people
          FROM ${positions} p
          JOIN ${hierarchyNodes} n ON n.tenant_id = p.tenant_id AND n.id = p.node_id
          WHERE p.tenant_id = ${tenantId} AND ${subtreeWhere(tenantId, rootPath)}
          GROUP BY p.node_id) AS counted`,
  );
  return new Map(Object.entries(counts).map(([id, people]) => [Number(id), people]));
}

/** Distinct users positioned anywhere in the subtrees of these paths. */
export async function countUsersInSubtrees(db: Db, tenantId: number, paths: readonly string[]) {
  if (paths.length === 0) return 0;
  const [row] = await db
    .select({ n: countDistinct(positions.userId) })
    .from(positions)
    .innerJoin(hierarchyNodes, positionNode)
    .where(and(eq(positions.tenantId, tenantId), or(...paths.map(inSubtree))));
  return row?.n ?? 0;
}

/** A node's own fields as the JSON rows (nodeFields) name them. */
interface NodeFields {
  id: number;
  parent_id: number | null;
  type: HierarchyNode['type'];
  name: string;
  level: number;
  status: HierarchyNode['status'];
}

/** A node of a subtree with its workspace object in the API's shape (`open_at` in seconds). */
export interface TreeRowData extends NodeFields {
  object: WorkspaceObject | null;
}

/** Every node of a subtree with its workspace object, ordered for tree building. */
export async function listTreeRows(db: Db, tenantId: number, rootPath: string): Promise<TreeRowData[]> {
  return nodeRows<TreeRowData>(
    db,
    sql`json_build_object(${nodeFields},
          'object', ${objectOf(sql`floor(extract(epoch FROM w.open_at))::bigint`)})`,
    subtreeWhere(tenantId, rootPath),
  );
}

export async function updateNodeFields(
  db: Db,
  tenantId: number,
  id: number,
  values: { name?: string; status?: 'active' | 'inactive' },
) {
  await updateTenantRow(db, hierarchyNodes, tenantId, id, { ...values, updatedAt: new Date() });
}

/**
 * Moves a node with its whole subtree under a new parent in two statements: the node's parent, then
 * the path prefix and level of every node in the subtree, so levels stay right at any depth.
 */
export async function moveSubtree(db: Db, tenantId: number, node: NodeRow, parent: NodeRow) {
  const newPath = `${parent.path}${node.id}/`;
  const levelShift = parent.level + 1 - node.level;
  await db
    .update(hierarchyNodes)
    .set({ parentId: parent.id, updatedAt: new Date() })
    .where(and(eq(hierarchyNodes.tenantId, tenantId), eq(hierarchyNodes.id, node.id)));
  await db
    .update(hierarchyNodes)
    .set({
      path: sql`${newPath}::text || substr(${hierarchyNodes.path}, ${node.path.length + 1}::int)`,
      level: sql`${hierarchyNodes.level} + ${levelShift}::int`,
    })
    .where(and(eq(hierarchyNodes.tenantId, tenantId), inSubtree(node.path)));
  return { path: newPath, level: parent.level + 1 };
}

/**
 * Moves every position held at a node inside these subtrees to another node, keeping each role,
 * and returns how many distinct users moved.
 */
export async function movePositionsOutOf(
  db: Db,
  tenantId: number,
  paths: readonly string[],
  toNodeId: number,
): Promise<number> {
  const inside = db
    .select({ id: hierarchyNodes.id })
    .from(hierarchyNodes)
    .where(and(eq(hierarchyNodes.tenantId, tenantId), or(...paths.map(inSubtree))));
  const moved = await db
    .update(positions)
    .set({ nodeId: toNodeId })
    .where(and(eq(positions.tenantId, tenantId), inArray(positions.nodeId, inside)))
    .returning({ userId: positions.userId });
  await dropDuplicatePositions(db, tenantId, toNodeId);
  return new Set(moved.map((m) => m.userId)).size;
}

/** Moves positions (by id) to a node, keeping roles; returns how many moved. */
export async function movePositions(db: Db, tenantId: number, ids: readonly number[], toNodeId: number) {
  const moved = await db
    .update(positions)
    .set({ nodeId: toNodeId })
    .where(and(eq(positions.tenantId, tenantId), inArray(positions.id, [...ids])))
    .returning({ id: positions.id });
  await dropDuplicatePositions(db, tenantId, toNodeId);
  return moved.length;
}

/** Two positions of one user at one node with one role say the same thing: keep the older. */
async function dropDuplicatePositions(db: Db, tenantId: number, nodeId: number) {
  await db.execute(sql`
    DELETE FROM ${positions} p
    USING ${positions} q
    WHERE p.tenant_id = ${tenantId} AND q.tenant_id = ${tenantId}
      AND p.node_id = ${nodeId} AND q.node_id = ${nodeId}
      AND p.user_id = q.user_id AND p.role_id = q.role_id AND q.id < p.id`);
}

/** Deletes the subtrees under these paths (workspace objects follow by cascade); returns the count. */
export async function deleteSubtrees(db: Db, tenantId: number, paths: readonly string[]) {
  const deleted = await db
    .delete(hierarchyNodes)
    .where(and(eq(hierarchyNodes.tenantId, tenantId), or(...paths.map(inSubtree))))
    .returning({ id: hierarchyNodes.id });
  return deleted.length;
}

export interface AssignmentFilter {
  /** Positions held exactly at this node… */
  nodeId?: number;
  /** …or anywhere in the subtree under this path. */
  subtreePath?: string;
  search?: string;
  page: number;
  perPage: number;
}

/** Positions with their user, role and node, paged and searchable by name, username and role. */
export async function listAssignments(db: Db, tenantId: number, filter: AssignmentFilter) {
  const conditions = [eq(positions.tenantId, tenantId)];
  if (filter.nodeId !== undefined) conditions.push(eq(positions.nodeId, filter.nodeId));
  if (filter.subtreePath !== undefined) conditions.push(inSubtree(filter.subtreePath)!);
  const search = anyContains(filter.search, [
    users.firstname,
    users.lastname,
    users.preferredName,
    users.username,
    sql`${users.firstname} || ' ' || ${users.lastname}`,
    roles.name,
  ]);
  if (search) conditions.push(search);
  const where = and(...conditions);
  const base = () =>
    db
      .select({
        id: positions.id,
        user_id: users.id,
        firstname: users.firstname,
        lastname: users.lastname,
        preferred_name: users.preferredName,
        username: users.username,
        email: users.email,
        enabled: users.enabled,
        role_id: roles.id,
        role_name: roles.name,
        node_id: hierarchyNodes.id,
        node_name: hierarchyNodes.name,
        node_type: hierarchyNodes.type,
      })
      .from(positions)
      .innerJoin(users, positionUser)
      .innerJoin(roles, positionRole)
      .innerJoin(hierarchyNodes, positionNode);
  const [rows, [total]] = await Promise.all([
    base()
      .where(where)
      .orderBy(asc(users.firstname), asc(users.lastname), asc(positions.id))
      .limit(filter.perPage)
      .offset((filter.page - 1) * filter.perPage),
    db
      .select({ n: count() })
      .from(positions)
      .innerJoin(users, positionUser)
      .innerJoin(roles, positionRole)
      .innerJoin(hierarchyNodes, positionNode)
      .where(where),
  ]);
  return { rows: rows.map((r) => ({ ...r, node_type: r.node_type as string })), total: total?.n ?? 0 };
}

/** Positions by id with the path of their node (for scope checks). */
export async function findPositions(db: Db, tenantId: number, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: positions.id,
      userId: positions.userId,
      nodeId: positions.nodeId,
      path: hierarchyNodes.path,
    })
    .from(positions)
    .innerJoin(hierarchyNodes, positionNode)
    .where(and(eq(positions.tenantId, tenantId), inArray(positions.id, [...ids])));
}

/**
 * A node with its materialised path and, for a workspace, its object's columns (bulk imports);
 * `open_at` is an ISO instant in UTC.
 */
export interface NodeWithObject extends NodeFields {
  path: string;
  object: (Omit<WorkspaceObject, 'open_at'> & { open_at: string | null }) | null;
}

/** Every node of the tenant with its path and workspace object, in one JSON document. */
export async function listNodesWithObjects(db: Db, tenantId: number): Promise<NodeWithObject[]> {
  return nodeRows<NodeWithObject>(
    db,
    sql`json_build_object(${nodeFields}, 'path', n.path,
          'object', ${objectOf(sql`to_char(w.open_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`)})`,
    sql`n.tenant_id = ${tenantId}`,
  );
}

export interface NewNode {
  parentId: number;
  parentPath: string;
  type: 'container' | 'workspace';
  name: string;
  level: number;
  status: 'active' | 'inactive';
}

/**
 * Many nodes in two statements: the rows (each with a placeholder path naming its place in the
 * list), then every path set from its new id. Answers id and path in the order given.
 */
export async function insertNodes(db: Db, tenantId: number, nodes: readonly NewNode[]) {
  if (nodes.length === 0) return [];
  const marker = `#${randomBytes(6).toString('hex')}:`;
  const json = JSON.stringify(
    nodes.map((n, ord) => ({
      ord,
      parent_id: n.parentId,
      parent_path: n.parentPath,
      type: n.type,
      name: n.name,
      level: n.level,
      status: n.status,
    })),
  );
  await db.execute(sql`
    INSERT INTO ${hierarchyNodes} (tenant_id, parent_id, type, name, level, status, path)
    SELECT ${tenantId}::int, v.parent_id, v.type, v.name, v.level, v.status, ${marker}::text || v.ord
    FROM json_to_recordset(${json}::json) AS v(ord int, parent_id int, type text, name text, level int, status text)`);
  const rows = await sqlRows<{ id: number; ord: number; path: string }>(
    db,
    sql`UPDATE ${hierarchyNodes} n SET path = v.parent_path || n.id || '/'
        FROM json_to_recordset(${json}::json) AS v(ord int, parent_path text)
        WHERE n.tenant_id = ${tenantId} AND n.path = ${marker}::text || v.ord
        RETURNING n.id, v.ord, n.path`,
  );
  const byOrd = new Map(rows.map((r) => [Number(r.ord), { id: Number(r.id), path: r.path }]));
  return nodes.map((_, ord) => byOrd.get(ord)!);
}

/**
 * Renames, (de)activates and moves workspace nodes in one statement. A workspace has no children,
 * so moving one only rewrites its own parent, path and level.
 */
export async function updateWorkspaceNodes(
  db: Db,
  tenantId: number,
  nodes: readonly {
    id: number;
    name: string;
    status: 'active' | 'inactive';
    parentId: number;
    parentPath: string;
    level: number;
  }[],
) {
  if (nodes.length === 0) return;
  const json = JSON.stringify(
    nodes.map((n) => ({
      id: n.id,
      name: n.name,
      status: n.status,
      parent_id: n.parentId,
      path: `${n.parentPath}${n.id}/`,
      level: n.level,
    })),
  );
  await db.execute(sql`
    UPDATE ${hierarchyNodes} n
    SET name = v.name, status = v.status, parent_id = v.parent_id, path = v.path, level = v.level,
        updated_at = now()
    FROM json_to_recordset(${json}::json) AS v(id int, name text, status text, parent_id int, path text, level int)
    WHERE n.tenant_id = ${tenantId} AND n.id = v.id AND n.type = 'workspace'`);
}
