import type { LoginData, LoginUser } from '../../../contract/api/session';
import { isLanguage } from '../../../contract/languages';
import { ADMIN_TENANT_IDENTIFIER, type ModulePermission } from '../../../contract/modules';
import type { Db } from '../../db/client';
import type { Caller } from '../../lib/caller';
import { badRequest, forbidden, HttpError, unauthorized } from '../../lib/errors';
import type { KeptAnswers } from '../../lib/keptAnswers';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { effectivePermissions, enabledModuleSet } from '../../lib/permissions';
import { ssoOnlyProvider } from '../../lib/ssoOnly';
import { hashToken, newToken, tenantOfToken } from '../../lib/tokens';
import { type Versions, versionKey } from '../../lib/versions';
import { loadEffectivePermissions, loadSettings } from '../settings/service';
import type { SessionOrigin } from './device';
import { findGuardRow, findSessionStamp } from './guard';
import {
  deleteExpiredSessions,
  deleteSession,
  deleteUserSessions,
  expireResetTokens,
  findLoginCandidates,
  findUser,
  insertSession,
  listPositions,
  type PositionRow,
  type TenantRow,
  touchSession,
  type UserRow,
} from './repository';

const SESSION_IDLE_DAYS = 30;
const TOUCH_AFTER_MS = 60_000;
const ACTIVE_POSITION_TYPES = new Set(['root', 'container', 'workspace']);

/**
 * The session behind a request: who signed in, in which tenant, with which positions. Work done
 * for someone takes the Caller; only what is about the session itself (verify, logout, the
 * user's own password and profile, which also run without a position) reads this.
 */
export interface SessionContext extends Pick<Caller, 'tenantId' | 'userId'> {
  /** Undefined when an API token acts for the person (`apiToken`): no session of theirs is in play. */
  sessionId: number | undefined;
  /** The API token making the request, as the person who made it; null for a person signed in. */
  apiToken: ApiTokenActor | null;
  tenant: TenantRow;
  user: UserRow;
  positions: PositionRow[];
  /** The tenant's versions as this request's guard read them (what kept answers are keyed by). */
  versions: Versions;
}

/** The API token behind a request: the administration log names its writes by its name. */
export interface ApiTokenActor {
  id: number;
  name: string;
}

export const BAD_CREDENTIALS = 'Incorrect username or password';

// Verifying against a throwaway hash keeps the answer time the same for unknown users.
const DUMMY_HASH = await hashPassword('storeline-timing-equaliser');

export function loginUser(user: UserRow, tenant: TenantRow): LoginUser {
  return {
    id: user.id,
    username: user.username,
    firstname: user.firstname,
    lastname: user.lastname,
    preferred_name: user.preferredName,
    email: user.email,
    force_reset: user.forceReset,
    tenant: tenant.identifier,
  };
}

/**
 * A new session of the person, recorded with where it started (the list of their sessions shows
 * it); sessions made for tests and demo data have no device.
 */
export async function startSession(
  db: Db,
  tenantId: number,
  userId: number,
  origin: SessionOrigin = NO_ORIGIN,
): Promise<string> {
  const { token, hash } = newToken(tenantId);
  await insertSession(db, tenantId, userId, hash, idleExpiry(), origin);
  return token;
}

const NO_ORIGIN: SessionOrigin = { userAgent: null, address: null };
const idleExpiry = () => new Date(Date.now() + SESSION_IDLE_DAYS * 86_400_000);

/** Signs a user in. A disabled user, a wrong password and an unknown user get the same answer. */
export async function login(
  db: Db,
  input: { username: string; password: string; tenant?: string },
  origin: SessionOrigin,
): Promise<{ status: 200 | 307; data: LoginData }> {
  const candidates = await findLoginCandidates(db, input.username, input.tenant);
  let match: (typeof candidates)[number] | undefined;
  for (const candidate of candidates) {
    if (await verifyPassword(input.password, candidate.user.passwordHash)) {
      match = candidate;
      break;
    }
  }
  if (candidates.length === 0) await verifyPassword(input.password, DUMMY_HASH);
  if (!match?.user.enabled) throw badRequest(BAD_CREDENTIALS);
  if (!match.tenant.enabled) {
    throw new HttpError(403, 'Your organisation’s account is disabled. Contact Storeline support.');
  }
  const provider = await ssoOnlyProvider(db, match.tenant.id, match.user);
  if (provider !== undefined) {
    throw new HttpError(
      403,
      `Your organisation signs you in through ${provider || 'its identity provider'}: choose “Continue with ${provider || 'your provider'}” instead of a password.`,
    );
  }
  const token = await startSession(db, match.tenant.id, match.user.id, origin);
  const forced = match.user.forceReset;
  const own = match.user.language;
  const language = isLanguage(own) ? own : ((await loadSettings(db, match.tenant.id)).language ?? null);
  const redirect = forced ? '/password/change' : '/';
  return {
    status: forced ? 307 : 200,
    data: { user: loginUser(match.user, match.tenant), token, redirect, language },
  };
}

export async function logout(db: Db, session: SessionContext) {
  if (session.sessionId !== undefined) await deleteSession(db, session.tenantId, session.sessionId);
  return { redirect: '/login' };
}

export function avatarUrl(avatar: string | null): string | null {
  return avatar ? `/api/profile/avatar/${encodeURIComponent(avatar)}` : null;
}

/** A token resolved by the guard: what is kept under the tenant's versions. */
interface Resolved {
  session: Omit<SessionContext, 'versions'>;
  caller: Caller | undefined;
}

/**
 * Resolves a bearer token to its session and, when the user has a usable position (the one
 * `positionId` names, else their first at an active node), the Caller acting at that position.
 * The auth plugin runs this on every request behind the guard. It always reads the session with
 * the tenant's versions (one query of key lookups), so an ended or expired session is refused
 * at once; the rest — user, positions, roles, grants, modules — is kept in `kept` under the
 * versions of people and the tree, which every write to them bumps.
 */
export async function authenticate(
  db: Db,
  token: string,
  positionId: string | undefined,
  kept?: KeptAnswers,
  address: string | null = null,
): Promise<{ session: SessionContext; caller: Caller | undefined }> {
  const tenantId = tenantOfToken(token);
  if (tenantId === undefined) throw unauthorized();
  const tokenHash = hashToken(token);
  const stamp = await findSessionStamp(db, tenantId, tokenHash);
  if (!stamp || stamp.expiresAt <= Date.now()) throw unauthorized();
  const read = () => resolve(db, tenantId, tokenHash, positionId);
  const resolved = kept
    ? await kept.get(
        `guard:${tenantId}:${tokenHash}:${positionId ?? ''}:${stamp.versions.user}.${versionKey(stamp.versions, 'access', 'tree')}`,
        read,
      )
    : await read();
  // At most once a minute, with the address it came from: the person's list of sessions shows it.
  if (Date.now() - stamp.lastSeenAt > TOUCH_AFTER_MS) {
    await touchSession(db, tenantId, stamp.sessionId, idleExpiry(), address);
  }
  return { session: { ...resolved.session, versions: stamp.versions }, caller: resolved.caller };
}

async function resolve(
  db: Db,
  tenantId: number,
  tokenHash: string,
  positionId: string | undefined,
): Promise<Resolved> {
  const found = await findGuardRow(db, tenantId, tokenHash);
  if (!found || found.session.expiresAt.getTime() <= Date.now()) throw unauthorized();
  if (!found.tenant.enabled)
    throw unauthorized('Your organisation’s account is disabled. Contact Storeline support.');
  if (!found.user.enabled)
    throw unauthorized('Your account is disabled. Ask your administrator to enable it.');

  const { positions } = found;
  let position: PositionRow | undefined;
  if (positionId !== undefined && positionId !== '') {
    const wanted = Number(positionId);
    position = positions.find((p) => p.id === wanted);
    if (!position) throw forbidden('The selected position is not one of yours.');
    if (!isUsable(position))
      throw forbidden('The selected position is no longer at an active {workspace_lower}.');
  } else {
    position = positions.find(isUsable);
  }
  const session: Resolved['session'] = {
    tenantId,
    userId: found.user.id,
    sessionId: found.session.id,
    apiToken: null,
    tenant: found.tenant,
    user: found.user,
    positions,
  };
  if (!position) return { session, caller: undefined };
  const roleId = position.roleId;
  const grants = found.grants.filter((g) => g.roleId === roleId);
  return {
    session,
    caller: callerFrom(found.tenant, found.user.id, position, (isAdminTenant) =>
      effectivePermissions(grants, enabledModuleSet(found.modules), isAdminTenant),
    ),
  };
}

const isUsable = (p: PositionRow) => p.nodeStatus === 'active' && ACTIVE_POSITION_TYPES.has(p.nodeType);

function callerFrom(
  tenant: TenantRow,
  userId: number,
  position: PositionRow,
  permissions: (isAdminTenant: boolean) => ModulePermission[],
): Caller {
  const isAdminTenant = tenant.identifier.toLowerCase() === ADMIN_TENANT_IDENTIFIER;
  return {
    tenantId: tenant.id,
    isAdminTenant,
    userId,
    positionId: position.id,
    roleId: position.roleId,
    nodeType: position.nodeType,
    scope: { nodeId: position.nodeId, path: position.nodePath },
    permissions: permissions(isAdminTenant),
  };
}

async function callerAt(db: Db, tenant: TenantRow, userId: number, position: PositionRow): Promise<Caller> {
  const isAdminTenant = tenant.identifier.toLowerCase() === ADMIN_TENANT_IDENTIFIER;
  const permissions = await loadEffectivePermissions(db, tenant.id, position.roleId, isAdminTenant);
  return callerFrom(tenant, userId, position, () => permissions);
}

/**
 * The Caller of a user at their first usable position, for work done for them outside a request
 * (demo data, background jobs); undefined when they have no such position.
 */
export async function callerFor(db: Db, tenantId: number, userId: number): Promise<Caller | undefined> {
  const found = await findUser(db, tenantId, userId);
  if (!found) return undefined;
  const position = (await listPositions(db, tenantId, userId)).find(isUsable);
  return position && callerAt(db, found.tenant, userId, position);
}

/**
 * The Caller of a user at one of their positions, for background work someone started (an import
 * run acts as the person who started it, with the rights they hold when it runs); undefined when
 * the user is gone or disabled, or the position is gone or no longer usable.
 */
export async function callerAtPosition(
  db: Db,
  tenantId: number,
  userId: number,
  positionId: number,
): Promise<Caller | undefined> {
  return (await actingAtPosition(db, tenantId, userId, positionId))?.caller;
}

/** A person acting at one of their positions without a session of their own (an API token). */
export interface ActingPerson {
  tenant: TenantRow;
  user: UserRow;
  positions: PositionRow[];
  caller: Caller;
}

/**
 * The person, their positions and their Caller at `positionId`, with the rights they hold now;
 * undefined when the person or their tenant is gone or disabled, or the position is gone or no
 * longer usable. An API token acts so, as the person who made it.
 */
export async function actingAtPosition(
  db: Db,
  tenantId: number,
  userId: number,
  positionId: number,
): Promise<ActingPerson | undefined> {
  const found = await findUser(db, tenantId, userId);
  if (!found?.user.enabled || !found.tenant.enabled) return undefined;
  const positions = await listPositions(db, tenantId, userId);
  const position = positions.find((p) => p.id === positionId);
  if (!position || !isUsable(position)) return undefined;
  return { ...found, positions, caller: await callerAt(db, found.tenant, userId, position) };
}

/**
 * Ends every session of a user (disabled, deleted, new password, ended by an administrator),
 * except `keepSessionId`; answers how many ended. The guard reads the session on every request,
 * on every process, so each is refused from its next request on.
 */
export async function endUserSessions(db: Db, tenantId: number, userId: number, keepSessionId?: number) {
  return deleteUserSessions(db, tenantId, userId, { keepSessionId });
}

/** A password set for the user makes the reset links mailed before it stale. */
export async function expireResetLinks(db: Db, tenantId: number, userId: number) {
  await expireResetTokens(db, tenantId, userId);
}

/** Expired sessions are refused anyway; the server sweeps them out now and then. */
export { deleteExpiredSessions };
