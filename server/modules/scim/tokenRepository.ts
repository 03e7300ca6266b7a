import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { scimTokens, tenants } from '../../db/schema';

export type ScimTokenRow = typeof scimTokens.$inferSelect;

export async function insertScimToken(
  db: Db,
  row: Omit<typeof scimTokens.$inferInsert, 'id' | 'createdAt'>,
): Promise<ScimTokenRow> {
  const [inserted] = await db.insert(scimTokens).values(row).returning();
  return inserted!;
}

/** The tenant's SCIM tokens, oldest first (never more than the live limit). */
export function listScimTokens(db: Db, tenantId: number): Promise<ScimTokenRow[]> {
  return db
    .select()
    .from(scimTokens)
    .where(eq(scimTokens.tenantId, tenantId))
    .orderBy(asc(scimTokens.createdAt), asc(scimTokens.id));
}

export async function countScimTokens(db: Db, tenantId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(scimTokens)
    .where(eq(scimTokens.tenantId, tenantId));
  return row?.n ?? 0;
}

/** A new secret for a token: the old hash is gone, so the old secret stops working at once. */
export async function replaceScimSecret(
  db: Db,
  tenantId: number,
  id: number,
  secret: { tokenHash: string; prefix: string },
): Promise<ScimTokenRow | undefined> {
  const [row] = await db
    .update(scimTokens)
    .set({ ...secret, rotatedAt: sql`now()` })
    .where(and(eq(scimTokens.tenantId, tenantId), eq(scimTokens.id, id)))
    .returning();
  return row;
}

export async function deleteScimToken(
  db: Db,
  tenantId: number,
  id: number,
): Promise<ScimTokenRow | undefined> {
  const [row] = await db
    .delete(scimTokens)
    .where(and(eq(scimTokens.tenantId, tenantId), eq(scimTokens.id, id)))
    .returning();
  return row;
}

/**
 * Makes the tenant's SCIM token creations take turns (a transaction-scoped advisory lock, on any
 * process), so two at once cannot both pass the live-token limit. Take it first in the transaction.
 */
export async function lockScimTokenCreation(tx: Db, tenantId: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('storeline.scim_tokens'), ${tenantId}::int)`);
}

/** A token by its hash, with whether its tenant is enabled: one key lookup on the tenant's shard. */
export async function findScimTokenByHash(db: Db, tenantId: number, tokenHash: string) {
  const [row] = await db
    .select({
      id: scimTokens.id,
      name: scimTokens.name,
      lastUsedAt: scimTokens.lastUsedAt,
      tenantEnabled: tenants.enabled,
    })
    .from(scimTokens)
    .innerJoin(tenants, eq(tenants.id, scimTokens.tenantId))
    .where(and(eq(scimTokens.tenantId, tenantId), eq(scimTokens.tokenHash, tokenHash)));
  return row;
}

/**
 * Records a token's use unless another request did within the last minute: the condition is in
 * the statement, so requests on any process at once write the row at most once a minute.
 */
export async function touchScimToken(db: Db, tenantId: number, id: number): Promise<void> {
  await db
    .update(scimTokens)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(
        eq(scimTokens.tenantId, tenantId),
        eq(scimTokens.id, id),
        sql`(${scimTokens.lastUsedAt} IS NULL OR ${scimTokens.lastUsedAt} < now() - interval '1 minute')`,
      ),
    );
}
