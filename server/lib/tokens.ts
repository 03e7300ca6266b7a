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
