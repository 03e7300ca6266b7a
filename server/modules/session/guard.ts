import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { batchedReads } from '../../lib/batchedReads';
import { sqlRows } from '../../lib/jsonRows';
import type { Grant } from '../../lib/permissions';
import { type Versions, versionsJson } from '../../lib/versions';
import type { PositionRow, TenantRow, UserRow } from './repository';

/** Everything the guard needs about a bearer token, read in one round trip. */
export interface GuardRow {
  session: { id: number; expiresAt: Date; lastSeenAt: Date };
  user: UserRow;
  tenant: TenantRow;
  positions: PositionRow[];
  /** The grants of every role the user holds a position with (ordered by module). */
  grants: (Grant & { roleId: number })[];
  /** The tenant's switched-on modules within its ceiling. */
  modules: string[];
}

type Stamped<T, K extends keyof T> = Omit<T, K> & Record<K, number>;
interface GuardJson {
  session: Stamped<GuardRow['session'], 'expiresAt' | 'lastSeenAt'>;
  user: Stamped<UserRow, 'createdAt' | 'updatedAt'>;
  tenant: Stamped<TenantRow, 'createdAt' | 'updatedAt'>;
  positions: PositionRow[];
  grants: GuardRow['grants'];
  modules: string[];
}

const ms = (column: string) => sql.raw(`floor(extract(epoch FROM ${column}) * 1000)`);

function guardQuery(db: Db, tenantId: number, tokenHash: string) {
  return db
    .select({
      guard: sql<string>`json_build_object(
      'session', json_build_object('id', s.id, 'expiresAt', ${ms('s.expires_at')},
        'lastSeenAt', ${ms('s.last_seen_at')}),
      'user', json_build_object('tenantId', u.tenant_id, 'id', u.id, 'username', u.username,
        'email', u.email, 'firstname', u.firstname, 'lastname', u.lastname,
        'preferredName', u.preferred_name, 'language', u.language, 'avatar', u.avatar, 'passwordHash', u.password_hash,
        'forceReset', u.force_reset, 'enabled', u.enabled, 'createdAt', ${ms('u.created_at')},
        'updatedAt', ${ms('u.updated_at')}),
      'tenant', json_build_object('id', t.id, 'identifier', t.identifier, 'name', t.name,
        'enabled', t.enabled, 'createdAt', ${ms('t.created_at')},
        'updatedAt', ${ms('t.updated_at')}),
      'positions', coalesce((
        SELECT json_agg(json_build_object('id', p.id, 'nodeId', p.node_id, 'nodeType', n.type,
          'nodeName', n.name, 'nodeStatus', n.status, 'nodePath', n.path, 'roleId', p.role_id,
          'roleName', r.name) ORDER BY p.id)
        FROM positions p
        JOIN hierarchy_nodes n ON n.tenant_id = p.tenant_id AND n.id = p.node_id
        JOIN roles r ON r.tenant_id = p.tenant_id AND r.id = p.role_id
        WHERE p.tenant_id = ${tenantId} AND p.user_id = s.user_id), '[]'),
      'grants', coalesce((
        SELECT json_agg(json_build_object('roleId', g.role_id, 'module', g.module,
          'enabled', g.enabled, 'capabilities', g.capabilities) ORDER BY g.module)
        FROM role_permissions g
        WHERE g.tenant_id = ${tenantId} AND g.role_id IN (
          SELECT p.role_id FROM positions p WHERE p.tenant_id = ${tenantId} AND p.user_id = s.user_id)),
        '[]'),
      'modules', coalesce((
        SELECT json_agg(m.module) FROM tenant_modules m
        WHERE m.tenant_id = ${tenantId} AND m.allowed AND m.enabled), '[]')
    )::text`,
    })
    .from(
      sql`sessions s
      JOIN users u ON u.tenant_id = s.tenant_id AND u.id = s.user_id
      JOIN tenants t ON t.id = s.tenant_id`,
    )
    .where(sql`s.tenant_id = ${tenantId} AND s.token_hash = ${tokenHash}`);
}

/**
 * Session → user → tenant → positions → role grants and tenant modules as one JSON document (the
 * guard runs on every signed-in request; four queries through the query builder cost most of its
 * time). Timestamps travel as epoch milliseconds so both drivers answer alike. Every join and
 * subquery stays inside the token's tenant, named as a constant: on Citus a subquery correlated
 * only through the session's tenant_id would be planned on every shard, with it on one.
 */
export async function findGuardRow(
  db: Db,
  tenantId: number,
  tokenHash: string,
): Promise<GuardRow | undefined> {
  const [found] = await guardQuery(db, tenantId, tokenHash);
  const row = found && (JSON.parse(found.guard) as GuardJson);
  if (!row) return undefined;
  const { session, user, tenant } = row;
  return {
    ...row,
    session: {
      id: session.id,
      expiresAt: new Date(session.expiresAt),
      lastSeenAt: new Date(session.lastSeenAt),
    },
    user: { ...user, createdAt: new Date(user.createdAt), updatedAt: new Date(user.updatedAt) },
    tenant: { ...tenant, createdAt: new Date(tenant.createdAt), updatedAt: new Date(tenant.updatedAt) },
  };
}

/** What the guard reads on every request, kept or not: the session and the versions it keys by. */
export interface SessionStamp {
  sessionId: number;
  expiresAt: number;
  lastSeenAt: number;
  versions: Versions;
}

/**
 * The sessions of tokens with their tenant's versions and those of each person's stores: the one
 * query every signed-in request makes, one per tenant for the requests of a batch (primary-key
 * lookups, and on Citus one shard). Whatever is kept is keyed by these numbers, so a write
 * committed on any process shows on the next request.
 */
async function readStamps(
  db: Db,
  tenantId: number,
  tokenHashes: string[],
): Promise<Map<string, SessionStamp>> {
  const rows = await sqlRows<{ token_hash: string; stamp: string }>(
    db,
    sql`SELECT s.token_hash, json_build_object('sessionId', s.id, 'expiresAt', ${ms('s.expires_at')},
        'lastSeenAt', ${ms('s.last_seen_at')},
        'versions', ${versionsJson(tenantId, sql`s.user_id`)})::text AS stamp
      FROM sessions s LEFT JOIN tenant_versions v ON v.tenant_id = s.tenant_id
      LEFT JOIN user_versions uv ON uv.tenant_id = s.tenant_id AND uv.user_id = s.user_id
      WHERE s.tenant_id = ${tenantId} AND s.token_hash = ANY(${`{${tokenHashes.join(',')}}`}::text[])`,
  );
  return new Map(rows.map((r) => [r.token_hash, JSON.parse(r.stamp) as SessionStamp]));
}

interface StampKey {
  tenantId: number;
  tokenHash: string;
}

/** Each database's batched stamp reads (lib/batchedReads.ts): one query answers the requests of a moment. */
const stampReads = new WeakMap<Db, (key: StampKey) => Promise<SessionStamp | undefined>>();

function stampReadsOf(db: Db) {
  let reads = stampReads.get(db);
  if (!reads) {
    reads = batchedReads<StampKey, SessionStamp>(async (keys) => {
      const byTenant = new Map<number, string[]>();
      for (const { tenantId, tokenHash } of keys)
        byTenant.set(tenantId, [...(byTenant.get(tenantId) ?? []), tokenHash]);
      const found = new Map<number, Map<string, SessionStamp>>();
      await Promise.all(
        [...byTenant].map(async ([tenantId, hashes]) =>
          found.set(tenantId, await readStamps(db, tenantId, [...new Set(hashes)])),
        ),
      );
      return keys.map(({ tenantId, tokenHash }) => found.get(tenantId)?.get(tokenHash));
    });
    stampReads.set(db, reads);
  }
  return reads;
}

/**
 * The session of a token with its versions, read by a query that starts after this call (with
 * other requests' tokens of the same moment): never older than the request asking.
 */
export function findSessionStamp(
  db: Db,
  tenantId: number,
  tokenHash: string,
): Promise<SessionStamp | undefined> {
  return stampReadsOf(db)({ tenantId, tokenHash });
}
