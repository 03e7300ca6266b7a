import type { Db } from '../../db/client';
import { ScimError } from './protocol/errors';
import { readScimToken } from './secret';
import { findScimTokenByHash, touchScimToken } from './tokenRepository';

const TOUCH_AFTER_MS = 60_000;

/** The company's directory behind a SCIM request: it acts as the tenant's directory, by its token's name. */
export interface Directory {
  tenantId: number;
  tokenId: number;
  name: string;
}

export const SCIM_TOKEN_ONLY =
  'This address takes the SCIM token an administrator made in Storeline’s settings (Authorization: Bearer scim_…); a session or an API token is not accepted here.';

/**
 * Resolves `Authorization: Bearer scim_…`. The token row is read on every request, so a rotated or
 * deleted token is refused at once on every process; its use is written at most once a minute.
 */
export async function authenticateDirectory(db: Db, bearer: string | undefined): Promise<Directory> {
  if (!bearer) throw new ScimError(401, `The request has no bearer token. ${SCIM_TOKEN_ONLY}`);
  const read = readScimToken(bearer);
  if (!read) throw new ScimError(401, SCIM_TOKEN_ONLY);
  const token = await findScimTokenByHash(db, read.tenantId, read.hash);
  if (!token)
    throw new ScimError(
      401,
      'This SCIM token is not valid (it may have been rotated or deleted). Ask an administrator for the current one.',
    );
  if (!token.tenantEnabled) throw new ScimError(403, 'This organisation is disabled in Storeline.');
  if (token.lastUsedAt === null || Date.now() - token.lastUsedAt.getTime() > TOUCH_AFTER_MS)
    await touchScimToken(db, read.tenantId, token.id);
  return { tenantId: read.tenantId, tokenId: token.id, name: token.name };
}
