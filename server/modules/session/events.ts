import { fullName } from '../../../contract/personName';
import type { Db } from '../../db/client';
import { recordActivity } from '../../lib/activity';
import { findLoginCandidates, listPositions } from './repository';

/** The sign-in events of the administration log (issue 32). */
export type SignInEvent = 'session.login' | 'session.login.failure' | 'session.login.lockout';

/**
 * Logs a sign-in event for the account a username names, in that account's tenant; nothing when
 * it names no account (or several, in tenants the request did not choose between): a guess at a
 * username that does not exist belongs to no tenant's log. The entry sits at the person's first
 * position, so the managers above it see it too.
 */
export async function recordSignIn(
  db: Db,
  event: SignInEvent,
  who: { username?: unknown; tenant?: unknown },
  ip: string,
): Promise<void> {
  if (typeof who.username !== 'string' || !who.username.trim()) return;
  // A field the database cannot hold (a NUL) was refused as bad input before any lookup, and
  // names nobody: looking it up would turn that 400 into a 500.
  if ([who.username, who.tenant].some((field) => typeof field === 'string' && field.includes('\u0000')))
    return;
  const candidates = await findLoginCandidates(
    db,
    who.username,
    typeof who.tenant === 'string' && who.tenant ? who.tenant : undefined,
  );
  if (candidates.length !== 1) return;
  const { user, tenant } = candidates[0]!;
  const [position] = await listPositions(db, tenant.id, user.id);
  const name = fullName(user) || user.username;
  await recordActivity(db, {
    tenantId: tenant.id,
    actorId: user.id,
    actorName: name,
    actorPosition: position ? `${position.roleName} at ${position.nodeName}` : '',
    action: event,
    entity: 'user',
    entityId: String(user.id),
    entityName: name,
    changes: {},
    scopePath: position?.nodePath ?? '',
    ip,
  });
}
