import { createHash, randomBytes } from 'node:crypto';

/**
 * Opaque tokens carry their tenant id in clear ("<tenant>.<secret>") so a lookup goes straight to
 * the tenant's shard; only a hash of the whole token is stored.
 */
export function newToken(tenantId: number): { token: string; hash: string } {
  const token = `${tenantId}.${randomBytes(32).toString('base64url')}`;
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

export function tenantOfToken(token: string): number | undefined {
  const match = /^(\d{1,9})\.[A-Za-z0-9_-]{20,}$/.exec(token);
  return match ? Number(match[1]) : undefined;
}

/**
 * A program's credential (an API token `stl_…`, a SCIM token `scim_…`): the prefix, the tenant in
 * clear and 32 random bytes, kept only as its SHA-256 (256 random bits need no slow hash, and the
 * token is found by its hash, so no secret is compared in the application).
 */
export function prefixedTokens(prefix: string) {
  const shape = new RegExp(`^${prefix}(\\d{1,9})\\.[A-Za-z0-9_-]{43}$`);
  return {
    /** A new token, its hash, and its first characters (enough to recognise it, nothing to use). */
    make(tenantId: number): { token: string; hash: string; prefix: string } {
      const token = `${prefix}${tenantId}.${randomBytes(32).toString('base64url')}`;
      return { token, hash: hashToken(token), prefix: token.slice(0, token.indexOf('.') + 7) };
    },
    /** True for what carries the prefix (the guard's fork). */
    is: (bearer: string) => bearer.startsWith(prefix),
    /** The tenant the token names, and its hash; undefined for a string of the wrong shape. */
    read(token: string): { tenantId: number; hash: string } | undefined {
      const match = shape.exec(token);
      return match ? { tenantId: Number(match[1]), hash: hashToken(token) } : undefined;
    },
  };
}
