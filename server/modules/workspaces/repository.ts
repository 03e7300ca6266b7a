import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { WorkspaceListQuery, WorkspaceRecord } from '../../../contract/api/workspaces';
import type { Db } from '../../db/client';
import { hierarchyNodes, workspaces } from '../../db/schema';
import type { Caller } from '../../lib/caller';
import { jsonRows } from '../../lib/jsonRows';
import { anyContains } from '../../lib/like';
import { jsonPage, totalCount } from '../../lib/paging';
import { inSubtree } from '../../lib/paths';

const parent = alias(hierarchyNodes, 'parent');

const selection = { object: workspaces, node: hierarchyNodes, parentName: parent.name };

const nodeOfWorkspace = and(
  eq(hierarchyNodes.tenantId, workspaces.tenantId),
  eq(hierarchyNodes.id, workspaces.nodeId),
);
const parentOfNode = and(
  eq(parent.tenantId, hierarchyNodes.tenantId),
  eq(parent.id, hierarchyNodes.parentId),
);

function joined(db: Db) {
  return db
    .select(selection)
    .from(workspaces)
    .innerJoin(hierarchyNodes, nodeOfWorkspace)
    .leftJoin(parent, parentOfNode);
}

export type JoinedWorkspace = Awaited<ReturnType<ReturnType<typeof joined>['execute']>>[number];

export async function findWorkspace(
  db: Db,
  tenantId: number,
  id: number,
): Promise<JoinedWorkspace | undefined> {
  const [row] = await joined(db).where(and(eq(workspaces.tenantId, tenantId), eq(workspaces.id, id)));
  return row;
}

const SORTS: Record<NonNullable<WorkspaceListQuery['sort']>, SQL> = {
  name: sql`lower(${hierarchyNodes.name})`,
  identifier: sql`lower(${workspaces.identifier})`,
  status: sql`${hierarchyNodes.status}`,
  city: sql`lower(${workspaces.city})`,
  state: sql`lower(${workspaces.state})`,
  parent_name: sql`lower(${parent.name})`,
  open_at: sql`${workspaces.openAt}`,
};

/**
 * Workspaces whose node lies in the caller's subtree, filtered, sorted and paged, as the records
 * the API answers (location line and head count included). One statement builds the page and its
 * total as one JSON document: the embedded database pays per round trip and per row.
 */
export async function listWorkspaces(
  db: Db,
  caller: Caller,
  query: WorkspaceListQuery & { underPath?: string; id?: number },
): Promise<{ total: number; rows: WorkspaceRecord[] }> {
  const conditions = [eq(workspaces.tenantId, caller.tenantId), inSubtree(caller.scope.path)];
  if (query.underPath) conditions.push(inSubtree(query.underPath));
  if (query.id !== undefined) conditions.push(eq(workspaces.id, query.id));
  if (query.status) conditions.push(eq(hierarchyNodes.status, query.status));
  const search = anyContains(query.search_key, [
    hierarchyNodes.name,
    workspaces.identifier,
    workspaces.suburb,
    workspaces.city,
    workspaces.state,
    workspaces.postcode,
  ]);
  if (search) conditions.push(search);
  const where = and(...conditions);
  const direction = query.order === 'desc' ? desc : asc;
  const order = sql.join([direction(SORTS[query.sort ?? 'name']), asc(workspaces.id)], sql`, `);
  const page = db
    .select({ id: workspaces.id, total: totalCount().as('total') })
    .from(workspaces)
    .innerJoin(hierarchyNodes, nodeOfWorkspace)
    .leftJoin(parent, parentOfNode)
    .where(where)
    .orderBy(order)
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  return jsonRows<{ total: number; rows: WorkspaceRecord[] }>(
    db,
    jsonPage({
      page,
      pageNumber: query.page,
      countAll: () =>
        db.select({ n: count() }).from(workspaces).innerJoin(hierarchyNodes, nodeOfWorkspace).where(where),
      order,
      // The page is joined back under the names the sort keys use. Subqueries name the tenant
      // itself, so that on Citus the statement runs on the tenant's shard alone.
      row: sql`json_build_object(
        'id', workspaces.id, 'node_id', hierarchy_nodes.id, 'name', hierarchy_nodes.name,
        'status', hierarchy_nodes.status, 'parent_id', hierarchy_nodes.parent_id,
        'parent_name', parent.name,
        -- Between the root and the workspace itself: "New South Wales › Sydney Metro".
        'location', coalesce((
          SELECT string_agg(a.name, ' › ' ORDER BY x.ord)
          FROM unnest(string_to_array(trim(both '/' from hierarchy_nodes.path), '/')::int[])
            WITH ORDINALITY AS x(id, ord)
          JOIN hierarchy_nodes a ON a.tenant_id = ${caller.tenantId} AND a.id = x.id
          WHERE x.id <> hierarchy_nodes.id AND a.type <> 'root'), ''),
        'identifier', workspaces.identifier, 'street_line1', workspaces.street_line1,
        'street_line2', workspaces.street_line2, 'suburb', workspaces.suburb,
        'city', workspaces.city, 'state', workspaces.state, 'postcode', workspaces.postcode,
        'contact', workspaces.contact, 'description', workspaces.description,
        'open_at', floor(extract(epoch FROM workspaces.open_at))::bigint,
        'timezone', workspaces.timezone,
        'user_count', (SELECT count(DISTINCT p.user_id) FROM positions p
          WHERE p.tenant_id = ${caller.tenantId} AND p.node_id = hierarchy_nodes.id))`,
      from: sql`JOIN workspaces ON workspaces.tenant_id = ${caller.tenantId} AND workspaces.id = page.id
        JOIN hierarchy_nodes ON ${nodeOfWorkspace}
        LEFT JOIN hierarchy_nodes parent ON ${parentOfNode}`,
    }),
  );
}

/** A workspace object's columns as bulk imports write them (`open_at` an ISO instant or null). */
export interface ObjectColumns {
  identifier: string;
  street_line1: string;
  street_line2: string;
  suburb: string;
  city: string;
  state: string;
  postcode: string;
  contact: string;
  description: string;
  open_at: string | null;
  timezone: string | null;
}

const OBJECT_RECORD = sql.raw(`identifier text, street_line1 text, street_line2 text, suburb text,
  city text, state text, postcode text, contact text, description text, open_at timestamptz, timezone text`);

/** Objects for many new workspace nodes in one statement. */
export async function insertWorkspaces(
  db: Db,
  tenantId: number,
  rows: readonly (ObjectColumns & { node_id: number })[],
) {
  if (rows.length === 0) return;
  await db.execute(sql`
    INSERT INTO ${workspaces} (tenant_id, node_id, identifier, street_line1, street_line2, suburb, city,
      state, postcode, contact, description, open_at, timezone)
    SELECT ${tenantId}::int, v.node_id, v.identifier, v.street_line1, v.street_line2, v.suburb, v.city,
      v.state, v.postcode, v.contact, v.description, v.open_at, v.timezone
    FROM json_to_recordset(${JSON.stringify(rows)}::json) AS v(node_id int, ${OBJECT_RECORD})`);
}

/** Every column of many workspace objects (by id) in one statement. */
export async function updateWorkspacesBulk(
  db: Db,
  tenantId: number,
  rows: readonly (ObjectColumns & { id: number })[],
) {
  if (rows.length === 0) return;
  await db.execute(sql`
    UPDATE ${workspaces} w SET identifier = v.identifier, street_line1 = v.street_line1,
      street_line2 = v.street_line2, suburb = v.suburb, city = v.city, state = v.state,
      postcode = v.postcode, contact = v.contact, description = v.description, open_at = v.open_at,
      timezone = v.timezone
    FROM json_to_recordset(${JSON.stringify(rows)}::json) AS v(id int, ${OBJECT_RECORD})
    WHERE w.tenant_id = ${tenantId} AND w.id = v.id`);
}
