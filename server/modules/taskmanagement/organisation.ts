import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { TaskForm } from '../../../contract/api/tasks';
import type { Db } from '../../db/client';
import { departments, hierarchyNodes, positions, settings, users, workspaces } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { positionUser } from '../../lib/positionJoins';
import { workspaceZone } from '../../lib/workspaceZone';
import { currentVersionFor, versionById } from '../formtemplates/service';

/*
 * What task management reads from other modules (hierarchy, workspaces, people, departments,
 * settings). Kept in this one file, behind named functions, so it can move behind those modules'
 * interfaces without touching the task rules.
 */

export interface TargetNodeRow {
  id: number;
  name: string;
  type: 'root' | 'container' | 'workspace' | 'unassigned';
  path: string;
  status: 'active' | 'inactive';
}

/** What a task's target names of its node. */
export const targetNodeColumns = {
  id: hierarchyNodes.id,
  name: hierarchyNodes.name,
  type: hierarchyNodes.type,
  path: hierarchyNodes.path,
};

export async function findTargetNodes(
  db: Db,
  tenantId: number,
  ids: readonly number[],
): Promise<TargetNodeRow[]> {
  if (ids.length === 0) return [];
  return db
    .select({ ...targetNodeColumns, status: hierarchyNodes.status })
    .from(hierarchyNodes)
    .where(and(eq(hierarchyNodes.tenantId, tenantId), inArray(hierarchyNodes.id, [...ids])));
}

/** Paths come from the database ("/1/4/"): digits and slashes, nothing LIKE would read as a pattern. */
const under = (column: SQL, paths: readonly string[]) =>
  sql.join(
    paths.map((p) => sql`${column} LIKE ${`${p}%`}`),
    sql` OR `,
  );

/**
 * The active workspaces under any included path and under no excluded one, as a derived table
 * `ws(node_id, name, identifier, zone)`: the one definition of "who receives a task".
 */
export function targetedWorkspaces(
  tenantId: number,
  include: readonly string[],
  exclude: readonly string[],
): SQL {
  if (include.length === 0) {
    return sql`(SELECT NULL::int AS node_id, NULL::text AS name, NULL::text AS identifier, NULL::text AS zone WHERE false)`;
  }
  const n = sql.raw('n.path');
  return sql`(SELECT n.id AS node_id, n.name, w.identifier, ${workspaceZone(tenantId)} AS zone
    FROM ${hierarchyNodes} n
    LEFT JOIN ${workspaces} w ON w.tenant_id = n.tenant_id AND w.node_id = n.id
    WHERE n.tenant_id = ${tenantId} AND n.type = 'workspace' AND n.status = 'active'
      AND (${under(n, include)})
      ${exclude.length ? sql`AND NOT (${under(n, exclude)})` : sql``})`;
}

/** Enabled people positioned at each of these workspace nodes, and in all (one person counted once). */
export async function countPeopleAt(db: Db, tenantId: number, nodeIds: readonly number[]) {
  if (nodeIds.length === 0) return { total: 0, byNode: new Map<number, number>() };
  const rows = await db
    .select({ nodeId: positions.nodeId, userId: positions.userId })
    .from(positions)
    .innerJoin(users, positionUser)
    .where(
      and(eq(positions.tenantId, tenantId), inArray(positions.nodeId, [...nodeIds]), eq(users.enabled, true)),
    );
  const byNode = new Map<number, Set<number>>();
  for (const r of rows) byNode.set(r.nodeId, (byNode.get(r.nodeId) ?? new Set()).add(r.userId));
  return {
    total: new Set(rows.map((r) => r.userId)).size,
    byNode: new Map([...byNode].map(([id, people]) => [id, people.size])),
  };
}

export async function departmentExists(db: Db, tenantId: number, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: departments.id })
    .from(departments)
    .where(and(eq(departments.tenantId, tenantId), eq(departments.id, id)));
  return Boolean(row);
}

/** Display names of users (preferred name first); users deleted since are absent. */
export async function userNames(
  db: Db,
  tenantId: number,
  ids: readonly number[],
): Promise<Map<number, string>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({
      id: users.id,
      firstname: users.firstname,
      lastname: users.lastname,
      preferredName: users.preferredName,
    })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), inArray(users.id, wanted)));
  return new Map(rows.map((u) => [u.id, `${u.preferredName?.trim() || u.firstname} ${u.lastname}`.trim()]));
}

/** The tenant's first day of the week (0 = Sunday), which anchors "every N weeks". */
export async function weekStartDay(db: Db, tenantId: number): Promise<number> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(and(eq(settings.tenantId, tenantId), eq(settings.key, 'week_starting_day')));
  const day = Number(row?.value);
  return Number.isInteger(day) && day >= 0 && day <= 6 ? day : 1;
}

/**
 * The form (issue 48) a task names, as the form templates module reads it: an active template's
 * current version (none when the template is not the tenant's or not active), or a kept version.
 */
export async function findTaskForm(
  db: Db,
  tenantId: number,
  by: { templateId: number } | { versionId: number },
): Promise<TaskForm | undefined> {
  try {
    const ref =
      'templateId' in by
        ? await currentVersionFor(db, tenantId, by.templateId)
        : await versionById(db, tenantId, by.versionId);
    return { template_id: ref.templateId, version_id: ref.versionId, version: ref.version, name: ref.name };
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 404) return undefined;
    throw error;
  }
}
