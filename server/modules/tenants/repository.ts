import { type AnyColumn, and, asc, desc, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { TenantListQuery, TenantRecord } from '../../../contract/api/tenants';
import { ADMIN_TENANT_IDENTIFIER } from '../../../contract/modules';
import type { Db } from '../../db/client';
import { sessions, tenants } from '../../db/schema';
import { anyContains } from '../../lib/like';

/**
 * The tenant list is the one table shared by every tenant, so these queries are the platform
 * operators' view across tenants. They read only the tenant row, its plan and head counts — no
 * tenant's business data — and never the admin tenant itself, which is not managed here.
 */

// Each tenant's head counts, plan and modules come from subqueries grouped by tenant, joined to the
// tenant rows: on Citus the tenant list is a reference table and the rest is distributed by tenant,
// where a subquery correlated with a reference table's row cannot be planned but grouped ones can.
const workspaceCounts = sql`(select n.tenant_id, count(*)::int as n from hierarchy_nodes n
  where n.type = 'workspace' and n.status = 'active' group by n.tenant_id) ws`;
const userCounts = sql`(select u.tenant_id, count(*)::int as n from users u group by u.tenant_id) uc`;
const maxSettings = sql`(select s.tenant_id, s.value from settings s where s.key = 'max_active_workspace') mx`;
const moduleLists = sql`(select m.tenant_id, array_agg(m.module order by m.module) as modules
  from tenant_modules m where m.allowed group by m.tenant_id) ml`;
const activeWorkspaces = sql<number>`coalesce(ws.n, 0)`;
const userCount = sql<number>`coalesce(uc.n, 0)`;
const maxActive = sql<string | null>`mx.value`;
const allowedModules = sql<string[]>`coalesce(ml.modules, '{}')`;

/** The tenant rows with the grouped subqueries the columns read. */
function tenantRows(db: Db) {
  return db
    .select(columns)
    .from(tenants)
    .leftJoin(workspaceCounts, sql`ws.tenant_id = ${tenants.id}`)
    .leftJoin(userCounts, sql`uc.tenant_id = ${tenants.id}`)
    .leftJoin(maxSettings, sql`mx.tenant_id = ${tenants.id}`)
    .leftJoin(moduleLists, sql`ml.tenant_id = ${tenants.id}`);
}

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
  conditions.push(anyContains(query.q, [tenants.name, tenants.identifier]));
  if (query.status) conditions.push(eq(tenants.enabled, query.status === 'active'));
  const where = and(...conditions);
  const sortBy = SORTS[query.sort ?? 'name'];
  const direction = query.order === 'desc' ? desc : asc;
  const [rows, [total]] = await Promise.all([
    tenantRows(db)
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
  const [row] = await tenantRows(db).where(and(eq(tenants.id, tenantId), managed));
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
