import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/**
 * What a kept answer can depend on (server/db/schema/versions.ts says which tables each covers).
 * Which answer is keyed by which, and who bumps them, is the table in the README ("Kept answers").
 */
export type VersionKind = 'people' | 'access' | 'settings' | 'tree' | 'tasks';

/** What bumpVersion takes: anything about people goes through bumpPeople, which says whom. */
type TenantWideKind = Exclude<VersionKind, 'people' | 'access'>;

/** A tenant's versions as the guard read them for one request, with those of the caller's stores. */
export interface Versions {
  people: number;
  access: number;
  settings: number;
  tree: number;
  tasks: number;
  /** The signed-in person's own version (their row, positions, profile values, sessions' rights). */
  user: number;
  /** Store node id → version, for the stores of the signed-in person's positions. */
  stores: Record<string, number>;
}

/**
 * Moves the tenant's `kinds` on, inside the writing transaction `tx`: every process keys what it
 * keeps by these numbers, so from the commit on each of them reads the new value on its next
 * request. Call it in every service that writes what a kept answer shows, after the write, as
 * the transaction's last statement: the row is locked until the commit, and bumping last keeps
 * two writers from waiting on each other in opposite orders.
 */
export function bumpVersion(tx: Db, tenantId: number, ...kinds: TenantWideKind[]): Promise<void> {
  return bumpTenant(tx, tenantId, kinds);
}

async function bumpTenant(tx: Db, tenantId: number, kinds: VersionKind[], before?: SQL): Promise<void> {
  if (kinds.length === 0) return;
  const set = sql.join(
    [...new Set(kinds)]
      .sort()
      .map((k) => sql`${sql.identifier(k)} = tenant_versions.${sql.identifier(k)} + 1`),
    sql`, `,
  );
  const initial = (k: VersionKind) => (kinds.includes(k) ? 1 : 0);
  // `before` (a data-modifying WITH) rides in the same statement: one round trip per write.
  await tx.execute(sql`${before ?? sql``}INSERT INTO tenant_versions (tenant_id, people, access, settings, tree, tasks)
    VALUES (${tenantId}, ${initial('people')}, ${initial('access')}, ${initial('settings')}, ${initial('tree')}, ${initial('tasks')})
    ON CONFLICT (tenant_id) DO UPDATE SET ${set}`);
}

/**
 * A write about people, inside `tx`: the tenant's `people` (the user list) moves on, and so do
 * the versions of whom it changed — `who` names them (ids, or a query answering one `id` column),
 * or is 'everyone' for what every person's guard and verify read of the tenant (roles, grants,
 * modules, the tenant itself, profile fields) and for writes to many people at once (imports).
 * Each person's guard resolution and verify are keyed by their own version and `access`, so a
 * rename of one person leaves everyone else's kept answers standing. Call it with the other
 * bumps, last in the transaction; `also` adds tenant-wide kinds to the same statement.
 */
export async function bumpPeople(
  tx: Db,
  tenantId: number,
  who: number[] | SQL | 'everyone',
  ...also: TenantWideKind[]
): Promise<void> {
  if (who === 'everyone') return bumpTenant(tx, tenantId, ['people', 'access', ...also]);
  const ids = Array.isArray(who)
    ? sql`SELECT unnest(${`{${[...new Set(who)].join(',')}}`}::int[]) AS id`
    : who;
  // In id order, so two transactions bumping overlapping people lock them in the same order.
  const people = sql`WITH bumped AS (INSERT INTO user_versions (tenant_id, user_id, version)
      SELECT DISTINCT ${tenantId}::int, ids.id, 1 FROM (${ids}) ids WHERE ids.id IS NOT NULL ORDER BY 2
      ON CONFLICT (tenant_id, user_id) DO UPDATE SET version = user_versions.version + 1) `;
  const none = Array.isArray(who) && who.length === 0;
  await bumpTenant(tx, tenantId, ['people', ...also], none ? undefined : people);
}

/**
 * Moves on the versions of the stores `nodeIds` names (a list, or a query answering one `id`
 * column), inside `tx`: a store's day and urgent list are kept under its version. Node ids that
 * are not stores cost a row each and change nothing anyone reads.
 */
export async function bumpStores(tx: Db, tenantId: number, nodeIds: number[] | SQL): Promise<void> {
  const ids = Array.isArray(nodeIds)
    ? sql`SELECT unnest(${`{${[...new Set(nodeIds)].join(',')}}`}::int[]) AS id`
    : nodeIds;
  if (Array.isArray(nodeIds) && nodeIds.length === 0) return;
  // In node order, so two transactions bumping overlapping stores lock them in the same order.
  await tx.execute(sql`INSERT INTO store_versions (tenant_id, node_id, version)
    SELECT DISTINCT ${tenantId}::int, ids.id, 1 FROM (${ids}) ids WHERE ids.id IS NOT NULL ORDER BY 2
    ON CONFLICT (tenant_id, node_id) DO UPDATE SET version = store_versions.version + 1`);
}

/** The stores a person holds positions at (before a write that changes them, and after). */
export const storesOfUser = (tenantId: number, userId: number): SQL =>
  sql`SELECT p.node_id AS id FROM positions p WHERE p.tenant_id = ${tenantId} AND p.user_id = ${userId}`;

/** Every store of the tenant (a bulk write whose stores are not worth naming one by one). */
export const storesOfTenant = (tenantId: number): SQL =>
  sql`SELECT n.id FROM hierarchy_nodes n WHERE n.tenant_id = ${tenantId} AND n.type = 'workspace'`;

/** The part of a cache key that names the versions an answer depends on. */
export function versionKey(versions: Versions, ...kinds: VersionKind[]): string {
  return kinds.map((k) => versions[k]).join('.');
}

/** A store's version as the guard read it (0 before its first bump). */
export const storeVersion = (versions: Versions, nodeId: number): number => versions.stores[nodeId] ?? 0;

/**
 * A person's Versions as one JSON object, for the one query a guard makes per request: `v` must be
 * the tenant's `tenant_versions` row and `uv` the person's `user_versions` row (left joins, so a
 * tenant or person never bumped reads 0), `userId` the column naming the person.
 */
export function versionsJson(tenantId: number, userId: SQL): SQL {
  return sql`json_build_object('people', coalesce(v.people, 0), 'access', coalesce(v.access, 0),
    'settings', coalesce(v.settings, 0), 'tree', coalesce(v.tree, 0), 'tasks', coalesce(v.tasks, 0),
    'user', coalesce(uv.version, 0),
    'stores', coalesce((SELECT json_object_agg(sv.node_id, sv.version)
      FROM positions p JOIN store_versions sv ON sv.tenant_id = p.tenant_id AND sv.node_id = p.node_id
      WHERE p.tenant_id = ${tenantId} AND p.user_id = ${userId}), '{}'))`;
}
