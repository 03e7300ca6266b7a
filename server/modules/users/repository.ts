import { and, asc, count, desc, eq, ilike, inArray, like, or, type SQL, sql } from 'drizzle-orm';
import type { UserListQuery } from '../../../contract/api/users';
import type { Db } from '../../db/client';
import { hierarchyNodes, positions, roles, users } from '../../db/schema';
import type { Caller } from '../../lib/caller';
import { isoInstant, jsonRows, sqlRows } from '../../lib/jsonRows';
import { containing } from '../../lib/like';
import { jsonPage, totalCount } from '../../lib/paging';
import { positionNode, positionsWithNodeAndRole } from '../../lib/positionJoins';
import { findTenantRow, nameTaken, updateTenantRow } from '../../lib/tenantRows';
import { usersWhere } from '../../lib/userRows';

export type UserRow = typeof users.$inferSelect;

export const findTenantUser = (db: Db, tenantId: number, userId: number) =>
  findTenantRow(db, users, users.id, tenantId, userId);

/** The caller's subtree as a prefix match on the materialised path. */
const inCallerSubtree = (caller: Caller) => like(hierarchyNodes.path, `${caller.scope.path}%`);

/** A root caller sees everyone, including people without any position. */
const seesEveryone = (caller: Caller) => caller.nodeType === 'root';

/** True when the user holds a position inside the caller's subtree. */
export async function isUserInScope(db: Db, caller: Caller, userId: number) {
  if (seesEveryone(caller)) return true;
  const [row] = await db
    .select({ id: positions.id })
    .from(positions)
    .innerJoin(hierarchyNodes, positionNode)
    .where(
      and(eq(positions.tenantId, caller.tenantId), eq(positions.userId, userId), inCallerSubtree(caller)),
    )
    .limit(1);
  return Boolean(row);
}

/** `exists` over the user's positions, joined to their node and role, matching `condition`. */
function hasPosition(condition: SQL | undefined) {
  return sql`exists (
    select 1 from ${positions}
    join ${hierarchyNodes} on ${hierarchyNodes.tenantId} = ${positions.tenantId} and ${hierarchyNodes.id} = ${positions.nodeId}
    join ${roles} on ${roles.tenantId} = ${positions.tenantId} and ${roles.id} = ${positions.roleId}
    where ${positions.tenantId} = ${users.tenantId} and ${positions.userId} = ${users.id}
      and ${condition ?? sql`true`}
  )`;
}

export type SearchFilter =
  | { key: 'name' | 'email' | 'role' | 'node'; text: string }
  | { key: 'status'; enabled: boolean };

function searchCondition(filter: SearchFilter): SQL | undefined {
  if (filter.key === 'status') return eq(users.enabled, filter.enabled);
  const pattern = containing(filter.text);
  switch (filter.key) {
    case 'name':
      return or(
        ilike(sql`concat_ws(' ', ${users.firstname}, ${users.lastname})`, pattern),
        ilike(users.preferredName, pattern),
      );
    case 'email':
      return ilike(users.email, pattern);
    case 'role':
      return hasPosition(ilike(roles.name, pattern));
    case 'node':
      return hasPosition(ilike(hierarchyNodes.name, pattern));
  }
}

const SORTS: Record<NonNullable<UserListQuery['sort']>, SQL[]> = {
  name: [sql`lower(${users.lastname})`, sql`lower(${users.firstname})`],
  email: [sql`lower(${users.email})`],
  status: [sql`${users.enabled}`],
  created_at: [sql`${users.createdAt}`],
  id: [sql`${users.id}`],
};

/** A user of a list page as the database gives it; the service derives what the API adds. */
export interface ListedUser {
  id: number;
  username: string;
  email: string;
  firstname: string;
  lastname: string;
  preferred_name: string | null;
  avatar: string | null;
  enabled: boolean;
  force_reset: boolean;
  /** Every position of the user, in id order. */
  assigns: {
    id: number;
    node_id: number;
    node_name: string;
    node_type: string;
    node_path: string;
    role_id: number;
    role_name: string;
  }[];
  created_at: string;
  updated_at: string;
}

/**
 * Users with a position in the caller's subtree (everyone for a root caller), searched, sorted and
 * paged, each with every position they hold. One statement builds the page, its total and the
 * positions as one JSON document: a list page is among the hottest calls, and the embedded
 * database pays per round trip and per row.
 */
export async function listUsers(
  db: Db,
  caller: Caller,
  query: UserListQuery,
  filter: SearchFilter | undefined,
): Promise<{ total: number; rows: ListedUser[] }> {
  const conditions: (SQL | undefined)[] = [eq(users.tenantId, caller.tenantId)];
  if (!seesEveryone(caller)) conditions.push(hasPosition(inCallerSubtree(caller)));
  if (filter) conditions.push(searchCondition(filter));
  const where = and(...conditions);
  const direction = query.order === 'desc' ? desc : asc;
  const order = sql.join([...SORTS[query.sort ?? 'name'].map((s) => direction(s)), asc(users.id)], sql`, `);
  const page = db
    .select({ id: users.id, total: totalCount().as('total') })
    .from(users)
    .where(where)
    .orderBy(order)
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  return jsonRows<{ total: number; rows: ListedUser[] }>(
    db,
    jsonPage({
      page,
      pageNumber: query.page,
      countAll: () => db.select({ n: count() }).from(users).where(where),
      order,
      row: sql`json_build_object(
        'id', users.id, 'username', users.username, 'email', users.email,
        'firstname', users.firstname, 'lastname', users.lastname,
        'preferred_name', users.preferred_name, 'avatar', users.avatar, 'enabled', users.enabled,
        'force_reset', users.force_reset,
        'assigns', (SELECT coalesce(json_agg(json_build_object(
            'id', p.id, 'node_id', p.node_id, 'node_name', n.name, 'node_type', n.type,
            'node_path', n.path, 'role_id', p.role_id, 'role_name', r.name) ORDER BY p.id), '[]')
          FROM positions p
          JOIN hierarchy_nodes n ON n.tenant_id = p.tenant_id AND n.id = p.node_id
          JOIN roles r ON r.tenant_id = p.tenant_id AND r.id = p.role_id
          WHERE p.tenant_id = ${caller.tenantId} AND p.user_id = users.id),
        'created_at', ${isoInstant(sql`users.created_at`)}, 'updated_at', ${isoInstant(sql`users.updated_at`)})`,
      from: sql`JOIN users ON users.tenant_id = ${caller.tenantId} AND users.id = page.id`,
    }),
  );
}

export interface PositionDetail {
  id: number;
  userId: number;
  nodeId: number;
  nodeName: string;
  nodeType: string;
  nodePath: string;
  roleId: number;
  roleName: string;
}

/** The positions `where` picks, each with its node and role, in the order they were given. */
function positionDetails(db: Db, where: SQL | undefined): Promise<PositionDetail[]> {
  return positionsWithNodeAndRole(db, where, { userId: positions.userId });
}

/** Every position of these users with its node and role, in the order they were given. */
export async function loadPositions(db: Db, tenantId: number, userIds: number[]): Promise<PositionDetail[]> {
  if (userIds.length === 0) return [];
  return positionDetails(db, and(eq(positions.tenantId, tenantId), inArray(positions.userId, userIds)));
}

export const usernameTaken = (db: Db, tenantId: number, username: string, exceptId?: number) =>
  nameTaken(db, users, users.username, tenantId, username.trim(), exceptId);

type NewUserValues = Pick<
  UserRow,
  'username' | 'email' | 'firstname' | 'lastname' | 'passwordHash' | 'forceReset'
>;

export async function insertUser(db: Db, tenantId: number, values: NewUserValues) {
  const [row] = await db
    .insert(users)
    .values({ tenantId, ...values })
    .returning({ id: users.id });
  return row!.id;
}

/** Several users in one statement, returned in the order given. */
export async function insertUsers(db: Db, tenantId: number, values: NewUserValues[]): Promise<UserRow[]> {
  if (values.length === 0) return [];
  return db
    .insert(users)
    .values(values.map((v) => ({ tenantId, ...v })))
    .returning();
}

/** Whether the user was there to delete. */
export async function deleteUser(db: Db, tenantId: number, userId: number): Promise<boolean> {
  // Positions, sessions, reset links and profile values go with the user (ON DELETE CASCADE).
  const deleted = await db
    .delete(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)))
    .returning({ id: users.id });
  return deleted.length > 0;
}

export async function insertPositions(
  db: Db,
  tenantId: number,
  list: { userId: number; nodeId: number; roleId: number }[],
) {
  if (list.length === 0) return;
  await db.insert(positions).values(list.map((p) => ({ tenantId, ...p })));
}

/** Adds positions; answers their ids in the order given. */
export async function insertPositionsReturning(
  db: Db,
  tenantId: number,
  list: readonly { userId: number; nodeId: number; roleId: number }[],
): Promise<number[]> {
  if (list.length === 0) return [];
  const rows = await db
    .insert(positions)
    .values(list.map((p) => ({ tenantId, ...p })))
    .returning({ id: positions.id });
  return rows.map((r) => r.id);
}

/** Removes positions by id; answers the nodes of those that were there. */
export async function deletePositionsReturning(db: Db, tenantId: number, ids: readonly number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .delete(positions)
    .where(and(eq(positions.tenantId, tenantId), inArray(positions.id, [...ids])))
    .returning({ nodeId: positions.nodeId });
  return rows.map((r) => r.nodeId);
}

export async function updatePosition(
  db: Db,
  tenantId: number,
  positionId: number,
  values: { nodeId: number; roleId: number },
) {
  // Only these two: callers pass their whole plan entry, and Drizzle would set its id too.
  await updateTenantRow(db, positions, tenantId, positionId, {
    nodeId: values.nodeId,
    roleId: values.roleId,
  });
}

export async function deletePositions(db: Db, tenantId: number, ids: number[]) {
  if (ids.length === 0) return;
  await db.delete(positions).where(and(eq(positions.tenantId, tenantId), inArray(positions.id, ids)));
}

/*
 * Set-based reads and writes for bulk imports: lists travel as one JSON parameter, so 50,000
 * people cost a few statements, not one per person (and never 65,535 bind parameters).
 */

/** The tenant's users with these usernames (compared case-insensitively). */
export async function findUsersByUsernames(db: Db, tenantId: number, usernames: readonly string[]) {
  if (usernames.length === 0) return [];
  const wanted = JSON.stringify(usernames.map((u) => u.toLowerCase()));
  return usersWhere(
    db,
    tenantId,
    sql`lower(${users.username}) IN (SELECT json_array_elements_text(${wanted}::json))`,
  );
}

/** Every position of these users with its node and role (as loadPositions, for many users). */
export async function loadPositionsOfMany(
  db: Db,
  tenantId: number,
  userIds: readonly number[],
): Promise<PositionDetail[]> {
  if (userIds.length === 0) return [];
  const ids = JSON.stringify(userIds);
  return positionDetails(
    db,
    and(
      eq(positions.tenantId, tenantId),
      sql`${positions.userId} IN (SELECT (json_array_elements_text(${ids}::json))::int)`,
    ),
  );
}

/** Many users in one statement; answers each one's id and username. */
export async function insertUsersBulk(db: Db, tenantId: number, values: readonly NewUserValues[]) {
  if (values.length === 0) return [];
  const json = JSON.stringify(
    values.map((v) => ({
      username: v.username,
      email: v.email,
      firstname: v.firstname,
      lastname: v.lastname,
      password_hash: v.passwordHash,
      force_reset: v.forceReset,
    })),
  );
  return sqlRows<{ id: number; username: string }>(
    db,
    sql`INSERT INTO ${users} (tenant_id, username, email, firstname, lastname, password_hash, force_reset)
        SELECT ${tenantId}::int, v.username, v.email, v.firstname, v.lastname, v.password_hash, v.force_reset
        FROM json_to_recordset(${json}::json)
          AS v(username text, email text, firstname text, lastname text, password_hash text, force_reset boolean)
        RETURNING id, username`,
  );
}

/** New first and last names for many users in one statement. */
export async function updateUserNames(
  db: Db,
  tenantId: number,
  rows: readonly { id: number; firstname: string; lastname: string }[],
) {
  if (rows.length === 0) return;
  await db.execute(sql`
    UPDATE ${users} u SET firstname = v.firstname, lastname = v.lastname, updated_at = now()
    FROM json_to_recordset(${JSON.stringify(rows)}::json) AS v(id int, firstname text, lastname text)
    WHERE u.tenant_id = ${tenantId} AND u.id = v.id`);
}

export async function insertPositionsBulk(
  db: Db,
  tenantId: number,
  rows: readonly { userId: number; nodeId: number; roleId: number }[],
) {
  if (rows.length === 0) return;
  const json = JSON.stringify(rows.map((p) => ({ user_id: p.userId, node_id: p.nodeId, role_id: p.roleId })));
  await db.execute(sql`
    INSERT INTO ${positions} (tenant_id, user_id, node_id, role_id)
    SELECT ${tenantId}::int, v.user_id, v.node_id, v.role_id
    FROM json_to_recordset(${json}::json) AS v(user_id int, node_id int, role_id int)`);
}

export async function deletePositionsBulk(db: Db, tenantId: number, ids: readonly number[]) {
  if (ids.length === 0) return;
  await db.execute(sql`
    DELETE FROM ${positions}
    WHERE tenant_id = ${tenantId}
      AND id IN (SELECT (json_array_elements_text(${JSON.stringify(ids)}::json))::int)`);
}
