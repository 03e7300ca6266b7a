import { randomBytes } from 'node:crypto';
import { SCIM_TOKEN_PREFIX } from '../../../contract/api/scim';
import { hashToken } from '../../lib/tokens';

/**
 * A SCIM token: the prefix, the tenant in clear (the lookup goes straight to the tenant's shard)
 * and 32 random bytes, kept only as its SHA-256 (as an API token: tokens/secret.ts).
 */
export function newScimToken(tenantId: number): { token: string; hash: string; prefix: string } {
  const token = `${SCIM_TOKEN_PREFIX}${tenantId}.${randomBytes(32).toString('base64url')}`;
  const shown = token.indexOf('.') + 7;
  return { token, hash: hashToken(token), prefix: token.slice(0, shown) };
}

const SHAPE = new RegExp(`^${SCIM_TOKEN_PREFIX}(\\d{1,9})\\.[A-Za-z0-9_-]{43}$`);

/** True for what looks like a SCIM token (the guard's fork at /api, where it is refused). */
export const isScimToken = (bearer: string) => bearer.startsWith(SCIM_TOKEN_PREFIX);

/** The tenant a SCIM token names, and its hash; undefined for a string of the wrong shape. */
export function readScimToken(token: string): { tenantId: number; hash: string } | undefined {
  const match = SHAPE.exec(token);
  return match ? { tenantId: Number(match[1]), hash: hashToken(token) } : undefined;
}
