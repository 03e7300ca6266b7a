import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { hierarchyNodes, tenants } from '../db/schema';

/*
 * The tenant's workspaces against its `max_active_workspace` setting: the count the settings show
 * and the limit check uses, and the lock that serialises activations.
 */

/** Active and inactive workspaces in the whole tenant (the limit is the tenant's, not a scope's). */
export async function countWorkspaces(db: Db, tenantId: number) {
  const rows = await db
    .select({ status: hierarchyNodes.status, n: count() })
    .from(hierarchyNodes)
    .where(and(eq(hierarchyNodes.tenantId, tenantId), eq(hierarchyNodes.type, 'workspace')))
    .groupBy(hierarchyNodes.status);
  const of = (status: string) => rows.find((r) => r.status === status)?.n ?? 0;
  return { active: of('active'), inactive: of('inactive') };
}

/**
 * Serialises changes that count the tenant's active workspaces, so two activations at once cannot
 * both slip under the limit. Call inside the transaction that activates.
 */
export async function lockTenant(db: Db, tenantId: number) {
  await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, tenantId)).for('update');
}
