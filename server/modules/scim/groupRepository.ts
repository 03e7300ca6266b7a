import type { SQL } from 'drizzle-orm';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { scimGroupMembers, scimGroups } from '../../db/schema';
import { sqlRows } from '../../lib/jsonRows';

/** A group as SCIM and the Settings screen read it. */
export interface GroupRow {
  id: number;
  displayName: string;
  externalId: string | null;
  nodeId: number | null;
  roleId: number | null;
  createdAt: string;
  updatedAt: string;
}

/** A person in a group, and the position the group gave them (null: it gave none). */
export interface MemberRow {
  groupId: number;
  userId: number;
  display: string;
  positionId: number | null;
}

const COLUMNS = sql`g.id, g.display_name AS "displayName", g.external_id AS "externalId",
  g.node_id AS "nodeId", g.role_id AS "roleId", g.created_at AS "createdAt", g.updated_at AS "updatedAt"`;

const iso = (at: unknown) => new Date(at as string).toISOString();
const normalise = (row: GroupRow): GroupRow => ({
  ...row,
  createdAt: iso(row.createdAt),
  updatedAt: iso(row.updatedAt),
});

/** A page of the tenant's groups matching `where` (over `scim_groups g`, in id order), and how many match. */
export async function findGroups(
  db: Db,
  tenantId: number,
  where: SQL | undefined,
  offset: number,
  limit: number,
): Promise<{ rows: GroupRow[]; total: number }> {
  const condition = sql`g.tenant_id = ${tenantId}${where ? sql` AND ${where}` : sql``}`;
  const [counted] = await sqlRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM scim_groups g WHERE ${condition}`,
  );
  const total = counted?.n ?? 0;
  if (limit === 0 || offset >= total) return { rows: [], total };
  const rows = await sqlRows<GroupRow>(
    db,
    sql`SELECT ${COLUMNS} FROM scim_groups g WHERE ${condition} ORDER BY g.id OFFSET ${offset} LIMIT ${limit}`,
  );
  return { rows: rows.map(normalise), total };
}

/** One group of the tenant; `lock` holds it for the rest of the transaction (writes take turns). */
export async function findGroup(
  db: Db,
  tenantId: number,
  id: number,
  lock = false,
): Promise<GroupRow | undefined> {
  const [row] = await sqlRows<GroupRow>(
    db,
    sql`SELECT ${COLUMNS} FROM scim_groups g WHERE g.tenant_id = ${tenantId} AND g.id = ${id}${lock ? sql` FOR UPDATE` : sql``}`,
  );
  return row && normalise(row);
}

/** The members of these groups, in the order they joined (by person id). */
export async function membersOf(db: Db, tenantId: number, groupIds: readonly number[]): Promise<MemberRow[]> {
  if (groupIds.length === 0) return [];
  return sqlRows<MemberRow>(
    db,
    sql`SELECT m.group_id AS "groupId", m.user_id AS "userId", m.position_id AS "positionId",
          COALESCE(NULLIF(u.preferred_name, ''), u.firstname || ' ' || u.lastname) AS display
        FROM scim_group_members m JOIN users u ON u.tenant_id = m.tenant_id AND u.id = m.user_id
        WHERE m.tenant_id = ${tenantId}
          AND m.group_id IN (SELECT (json_array_elements_text(${JSON.stringify(groupIds)}::json))::int)
        ORDER BY m.group_id, m.user_id`,
  );
}

/** Which of these ids are people of the tenant. */
export async function existingPeople(db: Db, tenantId: number, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await sqlRows<{ id: number }>(
    db,
    sql`SELECT id FROM users WHERE tenant_id = ${tenantId}
          AND id IN (SELECT (json_array_elements_text(${JSON.stringify(ids)}::json))::int)`,
  );
  return new Set(rows.map((r) => r.id));
}

/** Which of these people hold a position at this node with this role already. */
export async function holding(
  db: Db,
  tenantId: number,
  userIds: readonly number[],
  nodeId: number,
  roleId: number,
): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await sqlRows<{ userId: number }>(
    db,
    sql`SELECT DISTINCT user_id AS "userId" FROM positions
        WHERE tenant_id = ${tenantId} AND node_id = ${nodeId} AND role_id = ${roleId}
          AND user_id IN (SELECT (json_array_elements_text(${JSON.stringify(userIds)}::json))::int)`,
  );
  return new Set(rows.map((r) => r.userId));
}

/**
 * For each position a group is about to take back, another group of the same person that maps to
 * the same node and role and gave nothing (it found the position there): that group keeps it now.
 */
export async function heirsOf(
  db: Db,
  tenantId: number,
  groupId: number,
  nodeId: number,
  roleId: number,
  userIds: readonly number[],
): Promise<{ groupId: number; userId: number }[]> {
  if (userIds.length === 0) return [];
  return sqlRows(
    db,
    sql`SELECT DISTINCT ON (m.user_id) m.group_id AS "groupId", m.user_id AS "userId"
        FROM scim_group_members m JOIN scim_groups g ON g.tenant_id = m.tenant_id AND g.id = m.group_id
        WHERE m.tenant_id = ${tenantId} AND m.group_id <> ${groupId} AND m.position_id IS NULL
          AND g.node_id = ${nodeId} AND g.role_id = ${roleId}
          AND m.user_id IN (SELECT (json_array_elements_text(${JSON.stringify(userIds)}::json))::int)
        ORDER BY m.user_id, m.group_id`,
  );
}

export async function insertGroup(
  db: Db,
  tenantId: number,
  values: { displayName: string; externalId: string | null },
): Promise<number> {
  const [row] = await db
    .insert(scimGroups)
    .values({ tenantId, ...values })
    .returning({ id: scimGroups.id });
  return row!.id;
}

export async function updateGroupRow(
  db: Db,
  tenantId: number,
  id: number,
  values: Partial<{
    displayName: string;
    externalId: string | null;
    nodeId: number | null;
    roleId: number | null;
  }>,
) {
  await db
    .update(scimGroups)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(scimGroups.tenantId, tenantId), eq(scimGroups.id, id)));
}

/** Deletes a group (its members' rows go with it); false when it was gone already. */
export async function deleteGroupRow(db: Db, tenantId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(scimGroups)
    .where(and(eq(scimGroups.tenantId, tenantId), eq(scimGroups.id, id)))
    .returning({ id: scimGroups.id });
  return rows.length > 0;
}

export async function insertMembers(
  db: Db,
  tenantId: number,
  groupId: number,
  members: readonly { userId: number; positionId: number | null }[],
) {
  if (members.length === 0) return;
  await db.insert(scimGroupMembers).values(members.map((m) => ({ tenantId, groupId, ...m })));
}

export async function deleteMembers(db: Db, tenantId: number, groupId: number, userIds: readonly number[]) {
  if (userIds.length === 0) return;
  await db
    .delete(scimGroupMembers)
    .where(
      and(
        eq(scimGroupMembers.tenantId, tenantId),
        eq(scimGroupMembers.groupId, groupId),
        inArray(scimGroupMembers.userId, [...userIds]),
      ),
    );
}

/** Records the position a group gave a member (null: none). */
export async function setMemberPosition(
  db: Db,
  tenantId: number,
  groupId: number,
  userId: number,
  positionId: number | null,
) {
  await db
    .update(scimGroupMembers)
    .set({ positionId })
    .where(
      and(
        eq(scimGroupMembers.tenantId, tenantId),
        eq(scimGroupMembers.groupId, groupId),
        eq(scimGroupMembers.userId, userId),
      ),
    );
}

/** The tenant's groups with the names of the node and role they map to, and their member counts. */
export async function groupsWithPlaces(db: Db, tenantId: number, id?: number) {
  return sqlRows<{
    id: number;
    displayName: string;
    externalId: string | null;
    members: number;
    nodeId: number | null;
    nodeName: string | null;
    roleId: number | null;
    roleName: string | null;
  }>(
    db,
    sql`SELECT g.id, g.display_name AS "displayName", g.external_id AS "externalId",
          (SELECT count(*)::int FROM scim_group_members m WHERE m.tenant_id = g.tenant_id AND m.group_id = g.id) AS members,
          g.node_id AS "nodeId", n.name AS "nodeName", g.role_id AS "roleId", r.name AS "roleName"
        FROM scim_groups g
        LEFT JOIN hierarchy_nodes n ON n.tenant_id = g.tenant_id AND n.id = g.node_id
        LEFT JOIN roles r ON r.tenant_id = g.tenant_id AND r.id = g.role_id
        WHERE g.tenant_id = ${tenantId}${id === undefined ? sql`` : sql` AND g.id = ${id}`}
        ORDER BY lower(g.display_name), g.id`,
  );
}

/** Records, in one statement, the position the group gave each of these members (null: none). */
export async function setMemberPositions(
  db: Db,
  tenantId: number,
  groupId: number,
  members: readonly { userId: number; positionId: number | null }[],
) {
  if (members.length === 0) return;
  const json = JSON.stringify(members.map((m) => ({ user_id: m.userId, position_id: m.positionId })));
  await db.execute(sql`
    UPDATE scim_group_members m SET position_id = v.position_id
    FROM json_to_recordset(${json}::json) AS v(user_id int, position_id int)
    WHERE m.tenant_id = ${tenantId} AND m.group_id = ${groupId} AND m.user_id = v.user_id`);
}
