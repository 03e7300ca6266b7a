import { and, asc, countDistinct, desc, eq, inArray, sql } from 'drizzle-orm';
import type { RoleListQuery } from '../../../contract/api/roles';
import type { Db } from '../../db/client';
import { positions, rolePermissions, roles } from '../../db/schema';
import { anyContains } from '../../lib/like';
import { deleteTenantRow, nameTaken, updateTenantRow } from '../../lib/tenantRows';
import type { GrantRow } from './grants';

export type RoleRow = typeof roles.$inferSelect;

// Spelled out: drizzle leaves columns unqualified in single-table selects, which would bind the
// outer role's columns to the subquery's own table.
const userCount = sql<number>`(
  select count(distinct p.user_id)::int from positions p
  where p.tenant_id = "roles"."tenant_id" and p.role_id = "roles"."id"
)`;

const SORTS = {
  name: sql`lower(${roles.name})`,
  user_count: userCount,
  updated_at: roles.updatedAt,
  id: roles.id,
} as const;

export async function listRoles(db: Db, tenantId: number, query: RoleListQuery) {
  const where = and(eq(roles.tenantId, tenantId), anyContains(query.q, [roles.name]));
  const sort = SORTS[query.sort ?? 'name'];
  const [rows, [total]] = await Promise.all([
    db
      .select({ role: roles, userCount })
      .from(roles)
      .where(where)
      .orderBy(query.order === 'desc' ? desc(sort) : asc(sort), asc(roles.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db.select({ n: sql<number>`count(*)::int` }).from(roles).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findRole(db: Db, tenantId: number, roleId: number) {
  const [row] = await db
    .select({ role: roles, userCount })
    .from(roles)
    .where(and(eq(roles.tenantId, tenantId), eq(roles.id, roleId)));
  return row;
}

/** Every role of the tenant (a tenant has a handful), by name. */
export async function listAllRoles(db: Db, tenantId: number) {
  return db.select().from(roles).where(eq(roles.tenantId, tenantId)).orderBy(asc(roles.name));
}

/** The roles of these ids that exist in the tenant (ids of other tenants simply do not match). */
export async function findRolesByIds(db: Db, tenantId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(roles)
    .where(and(eq(roles.tenantId, tenantId), inArray(roles.id, ids)));
}

export const roleNameTaken = (db: Db, tenantId: number, name: string, exceptId?: number) =>
  nameTaken(db, roles, roles.name, tenantId, name, exceptId);

/** Grants of several roles at once, keyed by role id. */
export async function loadGrants(db: Db, tenantId: number, roleIds: number[]) {
  const result = new Map<number, GrantRow[]>(roleIds.map((id) => [id, []]));
  if (roleIds.length === 0) return result;
  const rows = await db
    .select()
    .from(rolePermissions)
    .where(and(eq(rolePermissions.tenantId, tenantId), inArray(rolePermissions.roleId, roleIds)))
    .orderBy(asc(rolePermissions.module));
  for (const row of rows) result.get(row.roleId)?.push(row);
  return result;
}

export async function insertRole(db: Db, tenantId: number, values: { name: string; description: string }) {
  const [row] = await db
    .insert(roles)
    .values({ tenantId, ...values })
    .returning({ id: roles.id });
  return row!.id;
}

export async function updateRole(
  db: Db,
  tenantId: number,
  roleId: number,
  values: { name: string; description: string },
) {
  await updateTenantRow(db, roles, tenantId, roleId, { ...values, updatedAt: new Date() });
}

export async function replaceGrants(db: Db, tenantId: number, roleId: number, grants: GrantRow[]) {
  await db
    .delete(rolePermissions)
    .where(and(eq(rolePermissions.tenantId, tenantId), eq(rolePermissions.roleId, roleId)));
  if (grants.length === 0) return;
  await db.insert(rolePermissions).values(grants.map((g) => ({ tenantId, roleId, ...g })));
}

export async function countRoleHolders(db: Db, tenantId: number, roleId: number) {
  const [row] = await db
    .select({ n: countDistinct(positions.userId) })
    .from(positions)
    .where(and(eq(positions.tenantId, tenantId), eq(positions.roleId, roleId)));
  return row?.n ?? 0;
}

export const deleteRole = (db: Db, tenantId: number, roleId: number) =>
  deleteTenantRow(db, roles, tenantId, roleId);
