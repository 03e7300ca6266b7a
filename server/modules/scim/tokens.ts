import {
  MAX_LIVE_SCIM_TOKENS,
  type ScimToken,
  type ScimTokenCreateBody,
  type ScimTokenCreated,
  type ScimTokenList,
} from '../../../contract/api/scim';
import type { Db } from '../../db/client';
import { describeActivity } from '../../lib/activity';
import type { Caller } from '../../lib/caller';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { newScimToken } from './secret';
import {
  countScimTokens,
  deleteScimToken,
  insertScimToken,
  listScimTokens,
  lockScimTokenCreation,
  replaceScimSecret,
  type ScimTokenRow,
} from './tokenRepository';

const iso = (at: Date | null) => (at ? at.toISOString() : null);

function toScimToken(row: ScimTokenRow): ScimToken {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    created_by: { id: row.createdById, name: row.createdByName },
    created_at: row.createdAt.toISOString(),
    rotated_at: iso(row.rotatedAt),
    last_used_at: iso(row.lastUsedAt),
  };
}

export async function list(db: Db, caller: Caller): Promise<ScimTokenList> {
  return (await listScimTokens(db, caller.tenantId)).map(toScimToken);
}

export const TOO_MANY_SCIM_TOKENS = `Your organisation already has ${MAX_LIVE_SCIM_TOKENS} SCIM tokens, the most it may have. Delete one it no longer needs first.`;

/** Makes a SCIM token for a directory; the secret is in the answer only, the table keeps its hash. */
export async function create(
  db: Db,
  caller: Caller,
  creatorName: string,
  body: ScimTokenCreateBody,
): Promise<ScimTokenCreated> {
  const name = body.name.trim();
  if (!name)
    throw badRequest('Give the token the directory’s name.', {
      name: 'Give the token the directory’s name.',
    });
  const { token, hash, prefix } = newScimToken(caller.tenantId);
  const row = await db.transaction(async (tx) => {
    await lockScimTokenCreation(tx, caller.tenantId);
    if ((await countScimTokens(tx, caller.tenantId)) >= MAX_LIVE_SCIM_TOKENS)
      throw conflict(TOO_MANY_SCIM_TOKENS);
    const inserted = await insertScimToken(tx, {
      tenantId: caller.tenantId,
      name,
      prefix,
      tokenHash: hash,
      createdById: caller.userId,
      createdByName: creatorName,
    });
    describeActivity({ entityId: inserted.id, entityName: name, after: { name } });
    return inserted;
  });
  return { ...toScimToken(row), token };
}

/** A new secret for the same token: the old one is refused from its next request on, on every process. */
export async function rotate(db: Db, caller: Caller, id: number): Promise<ScimTokenCreated> {
  const { token, hash, prefix } = newScimToken(caller.tenantId);
  return db.transaction(async (tx) => {
    const row = await replaceScimSecret(tx, caller.tenantId, id, { tokenHash: hash, prefix });
    if (!row) throw notFound('SCIM token');
    describeActivity({ entityId: row.id, entityName: row.name, after: { secret: true } });
    return { ...toScimToken(row), token };
  });
}

/** Deletes a token: the directory using it is refused from its next request on. */
export async function remove(db: Db, caller: Caller, id: number): Promise<ScimToken> {
  return db.transaction(async (tx) => {
    const row = await deleteScimToken(tx, caller.tenantId, id);
    if (!row) throw notFound('SCIM token');
    describeActivity({ entityId: row.id, entityName: row.name, before: { name: row.name }, after: null });
    return toScimToken(row);
  });
}
