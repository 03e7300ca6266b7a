import { and, asc, desc, eq, gt, isNull, lt, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { hierarchyNodes, passwordResetTokens, positions, sessions, tenants, users } from '../../db/schema';
import { positionsWithNodeAndRole } from '../../lib/positionJoins';
import { updateTenantRow } from '../../lib/tenantRows';
import type { SessionOrigin } from './device';

export type UserRow = typeof users.$inferSelect;
export type TenantRow = typeof tenants.$inferSelect;

/** Users with this username in every enabled tenant (login happens before the tenant is known). */
export async function findLoginCandidates(db: Db, username: string, tenantIdentifier?: string) {
  const conditions = [eq(sql`lower(${users.username})`, username.trim().toLowerCase())];
  if (tenantIdentifier)
    conditions.push(eq(sql`lower(${tenants.identifier})`, tenantIdentifier.toLowerCase()));
  return db
    .select({ user: users, tenant: tenants })
    .from(users)
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .where(and(...conditions))
    .orderBy(asc(users.tenantId));
}

export async function insertSession(
  db: Db,
  tenantId: number,
  userId: number,
  tokenHash: string,
  expiresAt: Date,
  origin: SessionOrigin,
) {
  const [row] = await db
    .insert(sessions)
    .values({
      tenantId,
      userId,
      tokenHash,
      expiresAt,
      userAgent: origin.userAgent,
      startAddress: origin.address,
      lastAddress: origin.address,
    })
    .returning({ id: sessions.id });
  return row!.id;
}

/** The session was seen again: it lasts longer, and its list shows the address it was seen at. */
export async function touchSession(
  db: Db,
  tenantId: number,
  sessionId: number,
  expiresAt: Date,
  address: string | null,
) {
  await updateTenantRow(db, sessions, tenantId, sessionId, {
    lastSeenAt: new Date(),
    expiresAt,
    ...(address ? { lastAddress: address } : {}),
  });
}

export async function deleteSession(db: Db, tenantId: number, sessionId: number) {
  await db.delete(sessions).where(and(eq(sessions.tenantId, tenantId), eq(sessions.id, sessionId)));
}

/** A person's sessions that have not expired, the most recently active first. */
export async function listUserSessions(db: Db, tenantId: number, userId: number) {
  return db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      startAddress: sessions.startAddress,
      lastAddress: sessions.lastAddress,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(
      and(eq(sessions.tenantId, tenantId), eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())),
    )
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.id));
}

/**
 * Ends sessions of a user: every one, every one but `keepSessionId`, or only `onlySessionId`
 * (when it is theirs). Answers how many ended.
 */
export async function deleteUserSessions(
  db: Db,
  tenantId: number,
  userId: number,
  which: { keepSessionId?: number; onlySessionId?: number } = {},
): Promise<number> {
  const conditions = [eq(sessions.tenantId, tenantId), eq(sessions.userId, userId)];
  if (which.keepSessionId !== undefined) conditions.push(ne(sessions.id, which.keepSessionId));
  if (which.onlySessionId !== undefined) conditions.push(eq(sessions.id, which.onlySessionId));
  const ended = await db
    .delete(sessions)
    .where(and(...conditions))
    .returning({ id: sessions.id });
  return ended.length;
}

export async function deleteExpiredSessions(db: Db) {
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
}

export interface PositionRow {
  id: number;
  nodeId: number;
  nodeType: 'root' | 'container' | 'workspace' | 'unassigned';
  nodeName: string;
  nodeStatus: 'active' | 'inactive';
  nodePath: string;
  roleId: number;
  roleName: string;
}

export async function listPositions(db: Db, tenantId: number, userId: number): Promise<PositionRow[]> {
  return positionsWithNodeAndRole(db, and(eq(positions.tenantId, tenantId), eq(positions.userId, userId)), {
    nodeStatus: hierarchyNodes.status,
  });
}

export async function insertResetToken(
  db: Db,
  tenantId: number,
  userId: number,
  tokenHash: string,
  expiresAt: Date,
) {
  await db.insert(passwordResetTokens).values({ tenantId, userId, tokenHash, expiresAt });
}

/** Many reset tokens (an import's invitations), a few thousand per statement. */
export async function insertResetTokens(
  db: Db,
  tenantId: number,
  tokens: { userId: number; tokenHash: string; expiresAt: Date }[],
) {
  for (let i = 0; i < tokens.length; i += 5000) {
    await db.insert(passwordResetTokens).values(tokens.slice(i, i + 5000).map((t) => ({ tenantId, ...t })));
  }
}

/** The tenant's reset links that `which` picks and nobody has used yet. */
const unusedResetTokens = (tenantId: number, ...which: SQL[]) =>
  and(eq(passwordResetTokens.tenantId, tenantId), ...which, isNull(passwordResetTokens.usedAt));

/** Marks the token used and returns its user, in one statement so a token can be spent only once. */
export async function consumeResetToken(db: Db, tenantId: number, tokenHash: string) {
  const [row] = await db
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(
      unusedResetTokens(
        tenantId,
        eq(passwordResetTokens.tokenHash, tokenHash),
        gt(passwordResetTokens.expiresAt, new Date()),
      ),
    )
    .returning({ userId: passwordResetTokens.userId });
  return row?.userId;
}

/** Every unused reset link of the user stops working (a new password makes them stale). */
export async function expireResetTokens(db: Db, tenantId: number, userId: number) {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(unusedResetTokens(tenantId, eq(passwordResetTokens.userId, userId)));
}

export async function findUser(db: Db, tenantId: number, userId: number) {
  const [row] = await db
    .select({ user: users, tenant: tenants })
    .from(users)
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
  return row;
}
