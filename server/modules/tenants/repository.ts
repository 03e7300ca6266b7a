import { type AnyColumn, and, asc, desc, eq, ilike, ne, or, type SQL, sql } from 'drizzle-orm';
import type { TenantListQuery, TenantRecord } from '../../../contract/api/tenants';
import { ADMIN_TENANT_IDENTIFIER } from '../../../contract/modules';
import type { Db } from '../../db/client';
import { sessions, tenants } from '../../db/schema';
import { containing } from '../../lib/like';

/**
 * The tenant list is the one table shared by every tenant, so these queries are the platform
 * operators' view across tenants. They read only the tenant row, its plan and head counts — no
 * tenant's business data — and never the admin tenant itself, which is not managed here.
 */

// Drizzle writes columns unqualified in a single-table select, so the correlated subqueries name
// their tables explicitly: "tenants"."id" is the outer row.
const activeWorkspaces = sql<number>`(
  select count(*)::int from hierarchy_nodes n
  where n.tenant_id = "tenants"."id" and n.type = 'workspace' and n.status = 'active')`;
const userCount = sql<number>`(select count(*)::int from users u where u.tenant_id = "tenants"."id")`;
const maxActive = sql<string | null>`(
  select s.value from settings s where s.tenant_id = "tenants"."id" and s.key = 'max_active_workspace')`;
const allowedModules = sql<string[]>`coalesce((
  select array_agg(m.module order by m.module) from tenant_modules m
  where m.tenant_id = "tenants"."id" and m.allowed), '{}')`;

const columns = {
  id: tenants.id,
  identifier: tenants.identifier,
  name: tenants.name,
  enabled: tenants.enabled,
  createdAt: tenants.createdAt,
  activeWorkspaces,
  users: userCount,
  maxActive,
  modules: allowedModules,
};

type Row = {
  id: number;
  identifier: string;
  name: string;
  enabled: boolean;
  createdAt: Date;
  activeWorkspaces: number;
  users: number;
  maxActive: string | null;
  modules: string[];
};

function toRecord(row: Row, defaultMax: number): TenantRecord {
  const max = Number(row.maxActive);
  return {
    id: row.id,
    identifier: row.identifier,
    name: row.name,
    status: row.enabled ? 'active' : 'disabled',
    modules: row.modules,
    max_active_workspace: Number.isInteger(max) ? max : defaultMax,
    active_workspaces: Number(row.activeWorkspaces),
    users: Number(row.users),
    created_at: new Date(row.createdAt).toISOString(),
  };
}

const managed = ne(sql`lower(${tenants.identifier})`, ADMIN_TENANT_IDENTIFIER);

const SORTS: Record<NonNullable<TenantListQuery['sort']>, SQL | AnyColumn> = {
  name: sql`lower(${tenants.name})`,
  identifier: tenants.identifier,
  status: tenants.enabled,
  created_at: tenants.createdAt,
  active_workspaces: activeWorkspaces,
  users: userCount,
};

export async function listTenants(db: Db, query: TenantListQuery, defaultMax: number) {
  const conditions: (SQL | undefined)[] = [managed];
  const q = query.q?.trim();
  if (q) {
    const pattern = containing(q);
    conditions.push(or(ilike(tenants.name, pattern), ilike(tenants.identifier, pattern)));
  }
  if (query.status) conditions.push(eq(tenants.enabled, query.status === 'active'));
  const where = and(...conditions);
  const sortBy = SORTS[query.sort ?? 'name'];
  const direction = query.order === 'desc' ? desc : asc;
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(tenants)
      .where(where)
      .orderBy(direction(sortBy), asc(tenants.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db.select({ n: sql<number>`count(*)::int` }).from(tenants).where(where),
  ]);
  return { data: rows.map((r) => toRecord(r, defaultMax)), total: Number(total?.n ?? 0) };
}

/** A managed tenant by id; undefined for unknown ids and for the admin tenant. */
export async function findTenant(db: Db, tenantId: number, defaultMax: number) {
  const [row] = await db
    .select(columns)
    .from(tenants)
    .where(and(eq(tenants.id, tenantId), managed));
  return row ? toRecord(row, defaultMax) : undefined;
}

export async function identifierTaken(db: Db, identifier: string): Promise<boolean> {
  const [row] = await db
    .select({ id: tenants.id })
    .from(tenants)
    .where(eq(sql`lower(${tenants.identifier})`, identifier.toLowerCase()));
  return Boolean(row);
}

export async function renameTenant(db: Db, tenantId: number, name: string) {
  await db.update(tenants).set({ name, updatedAt: new Date() }).where(eq(tenants.id, tenantId));
}

export async function setTenantEnabled(db: Db, tenantId: number, enabled: boolean) {
  await db.update(tenants).set({ enabled, updatedAt: new Date() }).where(eq(tenants.id, tenantId));
}

/** Signs every user of the tenant out. */
export async function deleteTenantSessions(db: Db, tenantId: number): Promise<number> {
  const deleted = await db
    .delete(sessions)
    .where(eq(sessions.tenantId, tenantId))
    .returning({ id: sessions.id });
  return deleted.length;
}

/** True once any tenant exists, the admin tenant included. */
export async function anyTenantExists(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: tenants.id }).from(tenants).limit(1);
  return row !== undefined;
}

export async function insertTenant(db: Db, identifier: string, name: string): Promise<number> {
  const [row] = await db.insert(tenants).values({ identifier, name }).returning({ id: tenants.id });
  return row!.id;
}
