import { randomBytes } from 'node:crypto';
import { API_TOKEN_PREFIX } from '../../../contract/api/tokens';
import { hashToken } from '../../lib/tokens';

/**
 * An API token: the prefix, the tenant in clear (the lookup goes straight to the tenant's shard,
 * as a session's does) and 32 random bytes. Only its SHA-256 is kept: 256 random bits need no slow
 * hash, and the token is found by its hash, so no secret is compared in the application.
 */
export function newApiToken(tenantId: number): { token: string; hash: string; prefix: string } {
  const token = `${API_TOKEN_PREFIX}${tenantId}.${randomBytes(32).toString('base64url')}`;
  const shown = token.indexOf('.') + 7;
  return { token, hash: hashToken(token), prefix: token.slice(0, shown) };
}

const SHAPE = new RegExp(`^${API_TOKEN_PREFIX}(\\d{1,9})\\.[A-Za-z0-9_-]{43}$`);

/** True for what looks like an API token rather than a session token (the guard's fork). */
export const isApiToken = (bearer: string) => bearer.startsWith(API_TOKEN_PREFIX);

/** The tenant an API token names, and its hash; undefined for a string of the wrong shape. */
export function readApiToken(token: string): { tenantId: number; hash: string } | undefined {
  const match = SHAPE.exec(token);
  return match ? { tenantId: Number(match[1]), hash: hashToken(token) } : undefined;
}
