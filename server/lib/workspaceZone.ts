import { sql } from 'drizzle-orm';
import { settings, workspaces } from '../db/schema';

/**
 * A task's local times apply in each workspace's own zone; a workspace that names none uses the
 * tenant's default, kept in the settings table under this key (provisioning writes it). Shared by
 * every module that shows or computes a store's times, so they agree on it.
 */
export const TENANT_TIMEZONE_KEY = 'timezone';
export const FALLBACK_TIMEZONE = 'UTC';

const tenantZone = (tenantId: number | ReturnType<typeof sql.raw>) =>
  sql`(SELECT zs.value FROM ${settings} zs WHERE zs.tenant_id = ${tenantId} AND zs.key = ${TENANT_TIMEZONE_KEY})`;

/** The zone of the workspace `w` (joined by the query): its own, else the tenant's default. */
export const workspaceZone = (tenantId: number) =>
  sql`coalesce(w.timezone, ${tenantZone(tenantId)}, ${FALLBACK_TIMEZONE})`;

/**
 * The zone of the workspace node `n` of tenant `tenantId`, for queries that do not join its
 * workspace. The tenant is a constant so that on Citus the subqueries stay on the tenant's shard.
 */
export const nodeZoneIn = (tenantId: number) => sql`coalesce(
  (SELECT zw.timezone FROM ${workspaces} zw WHERE zw.tenant_id = ${tenantId} AND zw.node_id = n.id),
  ${tenantZone(tenantId)}, ${FALLBACK_TIMEZONE})`;

/** The zone of the workspace node `n`, for queries that do not join its workspace. */
export const nodeZone = sql`coalesce(
  (SELECT zw.timezone FROM ${workspaces} zw WHERE zw.tenant_id = n.tenant_id AND zw.node_id = n.id),
  ${tenantZone(sql.raw('n.tenant_id'))}, ${FALLBACK_TIMEZONE})`;
