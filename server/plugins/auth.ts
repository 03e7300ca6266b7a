import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { POSITION_HEADER } from '../../contract/constants';
import {
  ADMIN_TENANT_IDENTIFIER,
  type Capability,
  hasCapabilities,
  type ModuleId,
  type ModulePermission,
} from '../../contract/modules';
import type { Db } from '../db/client';
import { NO_ACTIVE_WORKSPACE, type Scope } from '../lib/caller';
import { forbidden, HttpError, unauthorized } from '../lib/errors';
import { hashToken, tenantOfToken } from '../lib/tokens';
import {
  findSession,
  listPositions,
  type PositionRow,
  type TenantRow,
  touchSession,
  type UserRow,
} from '../modules/session/repository';
import { loadEffectivePermissions } from '../modules/settings/repository';

export const SESSION_IDLE_DAYS = 30;
const TOUCH_AFTER_MS = 60_000;

/**
 * What a route needs. `public` routes skip the guard. Every other route needs a session and, unless
 * it says `position: 'optional'`, a position at an active node. `module` + `can` name the
 * capabilities of spec §6 the selected position's role must grant.
 */
export type Access =
  | { public: true }
  | {
      public?: false;
      module?: ModuleId;
      can?: Capability[];
      /** Reachable while the user must still replace a forced-reset password. */
      duringReset?: boolean;
      position?: 'required' | 'optional';
    };

export type { Scope };

export interface AuthContext {
  sessionId: number;
  tenant: TenantRow & { isAdmin: boolean };
  user: UserRow;
  positions: PositionRow[];
  position: PositionRow | undefined;
  permissions: ModulePermission[];
  scope: Scope | undefined;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    auth: AuthContext | undefined;
  }
}

export { NO_ACTIVE_WORKSPACE };

const ACTIVE_POSITION_TYPES = new Set(['root', 'container', 'workspace']);

function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token.trim() : undefined;
}

/** The handler-side accessor: routes behind the guard always have a context. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

/** Like authOf, for routes that also need the selected position. */
export function scopedAuthOf(request: FastifyRequest): AuthContext & { position: PositionRow; scope: Scope } {
  const auth = authOf(request);
  if (!auth.position || !auth.scope) throw unauthorized(NO_ACTIVE_WORKSPACE);
  return auth as AuthContext & { position: PositionRow; scope: Scope };
}

export async function resolveAuth(
  db: Db,
  token: string,
  positionHeader: string | undefined,
): Promise<AuthContext> {
  const tenantId = tenantOfToken(token);
  if (tenantId === undefined) throw unauthorized();
  const found = await findSession(db, tenantId, hashToken(token));
  if (!found || found.session.expiresAt.getTime() <= Date.now()) throw unauthorized();
  if (!found.tenant.enabled)
    throw unauthorized('Your organisation’s account is disabled. Contact Storeline support.');
  if (!found.user.enabled)
    throw unauthorized('Your account is disabled. Ask your administrator to enable it.');

  if (Date.now() - found.session.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
    await touchSession(db, tenantId, found.session.id, new Date(Date.now() + SESSION_IDLE_DAYS * 86_400_000));
  }

  const positions = await listPositions(db, tenantId, found.user.id);
  const usable = positions.filter((p) => p.nodeStatus === 'active' && ACTIVE_POSITION_TYPES.has(p.nodeType));
  let position: PositionRow | undefined;
  if (positionHeader !== undefined && positionHeader !== '') {
    const wanted = Number(positionHeader);
    position = positions.find((p) => p.id === wanted);
    if (!position) throw forbidden('The selected position is not one of yours.');
    if (!usable.includes(position))
      throw forbidden('The selected position is no longer at an active workspace.');
  } else {
    position = usable[0];
  }
  const isAdmin = found.tenant.identifier.toLowerCase() === ADMIN_TENANT_IDENTIFIER;
  const permissions = position ? await loadEffectivePermissions(db, tenantId, position.roleId, isAdmin) : [];
  return {
    sessionId: found.session.id,
    tenant: { ...found.tenant, isAdmin },
    user: found.user,
    positions,
    position,
    permissions,
    scope: position ? { nodeId: position.nodeId, path: position.nodePath } : undefined,
  };
}

/** One guard for every route: session → user → tenant → position → permissions → scope. */
export const authPlugin = fp(async (app: FastifyInstance, opts: { db: Db }) => {
  app.decorateRequest('auth', undefined);
  app.decorateRequest('caller', undefined);
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    // Routes without a declared access (static files, 404s) are public by construction.
    if (!access || access.public) return;
    const token = bearer(request);
    if (!token) throw unauthorized('Please sign in to continue.');
    const header = request.headers[POSITION_HEADER];
    const auth = await resolveAuth(opts.db, token, Array.isArray(header) ? header[0] : header);
    request.auth = auth;
    if (auth.user.forceReset && !access.duringReset) {
      throw new HttpError(403, 'You must set a new password before continuing.');
    }
    if (auth.position && auth.scope) {
      request.caller = {
        tenantId: auth.tenant.id,
        isAdminTenant: auth.tenant.isAdmin,
        userId: auth.user.id,
        positionId: auth.position.id,
        roleId: auth.position.roleId,
        nodeType: auth.position.nodeType,
        scope: auth.scope,
        permissions: auth.permissions,
      };
    }
    if (access.position !== 'optional' && !auth.position) throw unauthorized(NO_ACTIVE_WORKSPACE);
    if (access.module && !hasCapabilities(auth.permissions, access.module, access.can ?? ['read'])) {
      throw forbidden();
    }
  });
});
