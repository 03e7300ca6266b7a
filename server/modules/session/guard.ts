import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Grant } from '../settings/repository';
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

function prepareGuard(db: Db) {
  return db
    .select({
      guard: sql<string>`json_build_object(
      'session', json_build_object('id', s.id, 'expiresAt', ${ms('s.expires_at')},
        'lastSeenAt', ${ms('s.last_seen_at')}),
      'user', json_build_object('tenantId', u.tenant_id, 'id', u.id, 'username', u.username,
        'email', u.email, 'firstname', u.firstname, 'lastname', u.lastname,
        'preferredName', u.preferred_name, 'avatar', u.avatar, 'passwordHash', u.password_hash,
        'forceReset', u.force_reset, 'enabled', u.enabled, 'createdAt', ${ms('u.created_at')},
        'updatedAt', ${ms('u.updated_at')}),
      'tenant', json_build_object('id', t.id, 'identifier', t.identifier, 'name', t.name,
        'enabled', t.enabled, 'treeVersion', t.tree_version, 'createdAt', ${ms('t.created_at')},
        'updatedAt', ${ms('t.updated_at')}),
      'positions', coalesce((
        SELECT json_agg(json_build_object('id', p.id, 'nodeId', p.node_id, 'nodeType', n.type,
          'nodeName', n.name, 'nodeStatus', n.status, 'nodePath', n.path, 'roleId', p.role_id,
          'roleName', r.name) ORDER BY p.id)
        FROM positions p
        JOIN hierarchy_nodes n ON n.tenant_id = p.tenant_id AND n.id = p.node_id
        JOIN roles r ON r.tenant_id = p.tenant_id AND r.id = p.role_id
        WHERE p.tenant_id = s.tenant_id AND p.user_id = s.user_id), '[]'),
      'grants', coalesce((
        SELECT json_agg(json_build_object('roleId', g.role_id, 'module', g.module,
          'enabled', g.enabled, 'capabilities', g.capabilities) ORDER BY g.module)
        FROM role_permissions g
        WHERE g.tenant_id = s.tenant_id AND g.role_id IN (
          SELECT p.role_id FROM positions p WHERE p.tenant_id = s.tenant_id AND p.user_id = s.user_id)),
        '[]'),
      'modules', coalesce((
        SELECT json_agg(m.module) FROM tenant_modules m
        WHERE m.tenant_id = s.tenant_id AND m.allowed AND m.enabled), '[]')
    )::text`,
    })
    .from(
      sql`sessions s
      JOIN users u ON u.tenant_id = s.tenant_id AND u.id = s.user_id
      JOIN tenants t ON t.id = s.tenant_id`,
    )
    .where(
      sql`s.tenant_id = ${sql.placeholder('tenantId')} AND s.token_hash = ${sql.placeholder('tokenHash')}`,
    )
    .prepare('storeline_guard');
}

// Prepared once per database: PostgreSQL plans it once per connection, not on every request.
const prepared = new WeakMap<Db, ReturnType<typeof prepareGuard>>();

/**
 * Session → user → tenant → positions → role grants and tenant modules as one JSON document (the
 * guard runs on every signed-in request; four queries through the query builder cost most of its
 * time). Timestamps travel as epoch milliseconds so both drivers answer alike. Every join and
 * subquery stays inside the token's tenant.
 */
export async function findGuardRow(
  db: Db,
  tenantId: number,
  tokenHash: string,
): Promise<GuardRow | undefined> {
  let guard = prepared.get(db);
  if (!guard) {
    guard = prepareGuard(db);
    prepared.set(db, guard);
  }
  const [found] = await guard.execute({ tenantId, tokenHash });
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
