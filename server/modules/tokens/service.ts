import {
  type ApiToken,
  type ApiTokenList,
  MAX_LIVE_API_TOKENS,
  type TokenCreateBody,
  type TokenCreated,
} from '../../../contract/api/tokens';
import type { Db } from '../../db/client';
import { describeActivity } from '../../lib/activity';
import type { Caller } from '../../lib/caller';
import { badRequest, conflict, notFound } from '../../lib/errors';
import {
  type ApiTokenRow,
  countLiveTokens,
  findToken,
  insertToken,
  listTokens,
  lockTokenCreation,
  revokeToken,
} from './repository';
import { assertCallerHolds, parseScopes } from './scopes';
import { newApiToken } from './secret';

const iso = (at: Date | null) => (at ? at.toISOString() : null);

function toApiToken(row: ApiTokenRow, now = Date.now()): ApiToken {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes,
    created_by: { id: row.createdById, name: row.createdByName },
    created_at: row.createdAt.toISOString(),
    expires_at: iso(row.expiresAt),
    last_used_at: iso(row.lastUsedAt),
    revoked_at: iso(row.revokedAt),
    status: row.revokedAt
      ? 'revoked'
      : row.expiresAt && row.expiresAt.getTime() <= now
        ? 'expired'
        : 'active',
  };
}

/** Revoked tokens stay listed beside the live ones; the list keeps to this many rows. */
const LIST_LIMIT = MAX_LIVE_API_TOKENS * 4;

export async function list(db: Db, caller: Caller): Promise<ApiTokenList> {
  const now = Date.now();
  return (await listTokens(db, caller.tenantId, LIST_LIMIT)).map((row) => toApiToken(row, now));
}

/**
 * Makes a token acting at the caller's position with `scopes`, each of which the caller's role
 * grants. The secret is in the answer only; the table keeps its hash.
 */
export async function create(
  db: Db,
  caller: Caller,
  creatorName: string,
  body: TokenCreateBody,
): Promise<TokenCreated> {
  const name = body.name.trim();
  if (!name) throw badRequest('Give the token a name.', { name: 'Give the token a name.' });
  const scopes = parseScopes(body.scopes, caller.isAdminTenant);
  assertCallerHolds(caller, scopes);
  const expiresAt = body.expires_at ? new Date(body.expires_at) : null;
  if (expiresAt && expiresAt.getTime() <= Date.now())
    throw badRequest('The expiry must be in the future.', {
      expires_at: 'The expiry must be in the future.',
    });
  const { token, hash, prefix } = newApiToken(caller.tenantId);
  const row = await db.transaction(async (tx) => {
    await lockTokenCreation(tx, caller.tenantId);
    if ((await countLiveTokens(tx, caller.tenantId)) >= MAX_LIVE_API_TOKENS)
      throw conflict(
        `Your organisation already has ${MAX_LIVE_API_TOKENS} API tokens in use, the most it may have. Revoke one it no longer needs first.`,
      );
    const inserted = await insertToken(tx, {
      tenantId: caller.tenantId,
      name,
      prefix,
      tokenHash: hash,
      scopes,
      createdById: caller.userId,
      createdByName: creatorName,
      positionId: caller.positionId,
      expiresAt,
    });
    describeActivity({
      entityId: inserted.id,
      entityName: name,
      after: { name, scopes, expires_at: iso(expiresAt) },
    });
    return inserted;
  });
  return { ...toApiToken(row), token };
}

/** Revokes a token of the caller's tenant: refused from the next request on, on every process. */
export async function revoke(db: Db, caller: Caller, id: number): Promise<ApiToken> {
  return db.transaction(async (tx) => {
    const revoked = await revokeToken(tx, caller.tenantId, id);
    const row = revoked ?? (await findToken(tx, caller.tenantId, id));
    if (!row) throw notFound('API token');
    describeActivity({
      entityId: row.id,
      entityName: row.name,
      before: { revoked: Boolean(revoked === undefined) },
      after: { revoked: true },
    });
    return toApiToken(revoked ?? row);
  });
}
