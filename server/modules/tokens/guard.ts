import type { Db } from '../../db/client';
import type { Caller } from '../../lib/caller';
import { unauthorized } from '../../lib/errors';
import type { KeptAnswers } from '../../lib/keptAnswers';
import { versionKey } from '../../lib/versions';
import { type ActingPerson, actingAtPosition, type SessionContext } from '../session/service';
import { findTokenStamp, touchToken } from './repository';
import { scopedPermissions } from './scopes';
import { readApiToken } from './secret';

const TOUCH_AFTER_MS = 60_000;

/** A request made with an API token: its creator at the token's position, within the token's scopes. */
export interface TokenRequest {
  session: SessionContext;
  caller: Caller;
  tokenId: number;
}

/**
 * Resolves `Authorization: Bearer stl_…`. The token row is read on every request (a revoked or
 * expired token is refused at once, on every process); its creator at the token's position is kept
 * under the creator's version, `access` and `tree`, as a session's resolution is, so a disabled
 * creator, a removed position or a grant taken from their role shows on the next request.
 * Capabilities are the token's scopes ∩ what that role grants now.
 */
export async function authenticateApiToken(
  db: Db,
  bearer: string,
  kept?: KeptAnswers,
): Promise<TokenRequest> {
  const read = readApiToken(bearer);
  const stamp = read && (await findTokenStamp(db, read.tenantId, read.hash));
  if (!read || !stamp)
    throw unauthorized(
      'This API token is not valid. Check that it was copied whole, or ask an administrator for a new one.',
    );
  if (stamp.revokedAt !== null)
    throw unauthorized('This API token was revoked. Ask an administrator for a new one.');
  if (stamp.expiresAt !== null && stamp.expiresAt <= Date.now())
    throw unauthorized('This API token has expired. Ask an administrator for a new one.');
  const { tenantId } = read;
  const load = () => actingAtPosition(db, tenantId, stamp.createdById, stamp.positionId);
  const acting: ActingPerson | undefined = kept
    ? await kept.get(
        `token:${tenantId}:${stamp.createdById}:${stamp.positionId}:${stamp.versions.user}.${versionKey(stamp.versions, 'access', 'tree')}`,
        load,
      )
    : await load();
  if (!acting)
    throw unauthorized(
      'The person who made this API token can no longer act at its position (disabled, removed or moved), so neither can the token. Ask an administrator for a new one.',
    );
  if (stamp.lastUsedAt === null || Date.now() - stamp.lastUsedAt > TOUCH_AFTER_MS)
    await touchToken(db, tenantId, stamp.id);
  const { tenant, user, positions, caller } = acting;
  return {
    session: {
      tenantId,
      userId: user.id,
      sessionId: undefined,
      apiToken: { id: stamp.id, name: stamp.name },
      tenant,
      user,
      positions,
      versions: stamp.versions,
    },
    caller: { ...caller, permissions: scopedPermissions(caller.permissions, stamp.scopes) },
    tokenId: stamp.id,
  };
}
