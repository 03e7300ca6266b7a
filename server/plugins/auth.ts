import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { POSITION_HEADER } from '../../contract/constants';
import { ADMIN_TENANT_IDENTIFIER, type Capability, type ModuleId } from '../../contract/modules';
import type { Db } from '../db/client';
import { type Caller, can, NO_ACTIVE_WORKSPACE } from '../lib/caller';
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

/**
 * The session behind a request: who signed in, in which tenant, with which positions. Handlers
 * that act for someone take the Caller (`callerOf`); only the routes about the session itself
 * (verify, logout, the caller's own password and profile, which also run without a position)
 * read this.
 */
export interface SessionContext extends Pick<Caller, 'tenantId' | 'userId'> {
  sessionId: number;
  tenant: TenantRow;
  user: UserRow;
  positions: PositionRow[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    sessionContext: SessionContext | undefined;
  }
}

const ACTIVE_POSITION_TYPES = new Set(['root', 'container', 'workspace']);

function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token.trim() : undefined;
}

/** The session of a request behind the guard. */
export function sessionOf(request: FastifyRequest): SessionContext {
  if (!request.sessionContext) throw unauthorized();
  return request.sessionContext;
}

/**
 * Resolves a bearer token to its session and, when the user has a usable position (the one the
 * header names, else their first at an active node), the Caller acting at that position.
 */
export async function resolveAuth(
  db: Db,
  token: string,
  positionHeader: string | undefined,
): Promise<{ session: SessionContext; caller: Caller | undefined }> {
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
  const session: SessionContext = {
    tenantId,
    userId: found.user.id,
    sessionId: found.session.id,
    tenant: found.tenant,
    user: found.user,
    positions,
  };
  if (!position) return { session, caller: undefined };
  const isAdminTenant = found.tenant.identifier.toLowerCase() === ADMIN_TENANT_IDENTIFIER;
  const caller: Caller = {
    tenantId,
    isAdminTenant,
    userId: found.user.id,
    positionId: position.id,
    roleId: position.roleId,
    nodeType: position.nodeType,
    scope: { nodeId: position.nodeId, path: position.nodePath },
    permissions: await loadEffectivePermissions(db, tenantId, position.roleId, isAdminTenant),
  };
  return { session, caller };
}

/** One guard for every route: session → user → tenant → position → permissions → scope. */
export const authPlugin = fp(async (app: FastifyInstance, opts: { db: Db }) => {
  app.decorateRequest('sessionContext', undefined);
  app.decorateRequest('caller', undefined);
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    // Routes without a declared access (static files, 404s) are public by construction.
    if (!access || access.public) return;
    const token = bearer(request);
    if (!token) throw unauthorized('Please sign in to continue.');
    const header = request.headers[POSITION_HEADER];
    const { session, caller } = await resolveAuth(opts.db, token, Array.isArray(header) ? header[0] : header);
    request.sessionContext = session;
    request.caller = caller;
    if (session.user.forceReset && !access.duringReset) {
      throw new HttpError(403, 'You must set a new password before continuing.');
    }
    if (access.position !== 'optional' && !caller) throw unauthorized(NO_ACTIVE_WORKSPACE);
    if (access.module && !(caller && can(caller, access.module, access.can ?? ['read']))) throw forbidden();
  });
});
