import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { apiTokens } from '../../db/schema';
import { sqlRows } from '../../lib/jsonRows';
import { type Versions, versionsJson } from '../../lib/versions';

export type ApiTokenRow = typeof apiTokens.$inferSelect;

export async function insertToken(
  db: Db,
  row: Omit<typeof apiTokens.$inferInsert, 'id' | 'createdAt'>,
): Promise<ApiTokenRow> {
  const [inserted] = await db.insert(apiTokens).values(row).returning();
  return inserted!;
}

/** The tenant's tokens, newest first (never more than the live limit plus what was revoked). */
export function listTokens(db: Db, tenantId: number, limit: number): Promise<ApiTokenRow[]> {
  return db
    .select()
    .from(apiTokens)
    .where(eq(apiTokens.tenantId, tenantId))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id))
    .limit(limit);
}

export async function findToken(db: Db, tenantId: number, id: number): Promise<ApiTokenRow | undefined> {
  const [row] = await db
    .select()
    .from(apiTokens)
    .where(and(eq(apiTokens.tenantId, tenantId), eq(apiTokens.id, id)));
  return row;
}

/** Revokes a live token; answers the row as it was, or undefined when it was revoked already. */
export async function revokeToken(db: Db, tenantId: number, id: number): Promise<ApiTokenRow | undefined> {
  const [row] = await db
    .update(apiTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(apiTokens.tenantId, tenantId), eq(apiTokens.id, id), sql`${apiTokens.revokedAt} IS NULL`))
    .returning();
  return row;
}

/** Tokens that still work: neither revoked nor expired (by the database's clock). */
export async function countLiveTokens(db: Db, tenantId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(apiTokens)
    .where(
      and(
        eq(apiTokens.tenantId, tenantId),
        sql`${apiTokens.revokedAt} IS NULL AND (${apiTokens.expiresAt} IS NULL OR ${apiTokens.expiresAt} > now())`,
      ),
    );
  return row?.n ?? 0;
}

/**
 * Makes the tenant's token creations take turns (a transaction-scoped advisory lock, on any
 * process), so two at once cannot both pass the live-token limit. Take it first in the transaction.
 */
export async function lockTokenCreation(tx: Db, tenantId: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('storeline.api_tokens'), ${tenantId}::int)`);
}

/** What the guard reads of a token on every request: the token and the versions its creator's rights are kept by. */
export interface TokenStamp {
  id: number;
  name: string;
  scopes: string[];
  createdById: number;
  positionId: number;
  expiresAt: number | null;
  revokedAt: number | null;
  lastUsedAt: number | null;
  versions: Versions;
}

const ms = (column: string) => sql.raw(`floor(extract(epoch FROM ${column}) * 1000)`);

/** A token by its hash with its creator's versions: one key lookup on the tenant's shard. */
export async function findTokenStamp(
  db: Db,
  tenantId: number,
  tokenHash: string,
): Promise<TokenStamp | undefined> {
  const [row] = await sqlRows<{ stamp: string }>(
    db,
    sql`SELECT json_build_object('id', k.id, 'name', k.name, 'scopes', k.scopes,
        'createdById', k.created_by_id, 'positionId', k.position_id, 'expiresAt', ${ms('k.expires_at')},
        'revokedAt', ${ms('k.revoked_at')}, 'lastUsedAt', ${ms('k.last_used_at')},
        'versions', ${versionsJson(tenantId, sql`k.created_by_id`)})::text AS stamp
      FROM api_tokens k LEFT JOIN tenant_versions v ON v.tenant_id = k.tenant_id
      LEFT JOIN user_versions uv ON uv.tenant_id = k.tenant_id AND uv.user_id = k.created_by_id
      WHERE k.tenant_id = ${tenantId} AND k.token_hash = ${tokenHash}`,
  );
  return row && (JSON.parse(row.stamp) as TokenStamp);
}

/**
 * Records a token's use unless another request did within the last minute: the condition is in
 * the statement, so requests on any process at once write the row at most once a minute.
 */
export async function touchToken(db: Db, tenantId: number, id: number): Promise<void> {
  await db
    .update(apiTokens)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(
        eq(apiTokens.tenantId, tenantId),
        eq(apiTokens.id, id),
        sql`(${apiTokens.lastUsedAt} IS NULL OR ${apiTokens.lastUsedAt} < now() - interval '1 minute')`,
      ),
    );
}
