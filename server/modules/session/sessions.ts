import type {
  OwnSessionList,
  PersonSession,
  SessionRevokeQuery,
  SessionsEnded,
} from '../../../contract/api/session';
import { fullName } from '../../../contract/personName';
import type { Db } from '../../db/client';
import { describeActivity } from '../../lib/activity';
import { badRequest, notFound } from '../../lib/errors';
import { deviceSummary, parseDevice } from './device';
import { deleteUserSessions, listUserSessions } from './repository';
import type { SessionContext } from './service';

const WHICH = 'Say which sessions to end: one by its id, or others=true for all but this one';

/** A person's live sessions as their list shows them (issue 47), the most recently active first. */
export async function personSessions(db: Db, tenantId: number, userId: number): Promise<PersonSession[]> {
  const rows = await listUserSessions(db, tenantId, userId);
  return rows.map((row) => {
    const device = parseDevice(row.userAgent);
    return {
      id: row.id,
      device: deviceSummary(device),
      ...device,
      user_agent: row.userAgent,
      address: row.lastAddress ?? row.startAddress,
      started_address: row.startAddress,
      started_at: row.createdAt.toISOString(),
      last_seen_at: row.lastSeenAt.toISOString(),
    };
  });
}

/** The signed-in person's own sessions, the one making the request marked `current`. */
export async function listOwnSessions(db: Db, session: SessionContext): Promise<OwnSessionList> {
  const list = await personSessions(db, session.tenantId, session.userId);
  return list.map((entry) => ({ ...entry, current: entry.id === session.sessionId }));
}

/**
 * Ends one of the caller's own sessions (the current one too: that signs them out) or every one
 * but the current. Another person's session, or one that has ended already, is not found.
 */
export async function revokeOwnSessions(
  db: Db,
  session: SessionContext,
  query: SessionRevokeQuery,
): Promise<SessionsEnded> {
  const { tenantId, userId, sessionId } = session;
  const others = query.others === true;
  if ((query.id === undefined) === !others) throw badRequest(WHICH);
  const ended = await deleteUserSessions(
    db,
    tenantId,
    userId,
    others ? { keepSessionId: sessionId } : { onlySessionId: query.id },
  );
  if (!others && !ended) throw notFound('Session');
  // The entry is about the person (the log has no entity for sessions), with what ended.
  describeActivity({
    entity: 'user',
    entityId: userId,
    entityName: fullName(session.user),
    after: others
      ? { sessions_ended: ended, kept: 'this session' }
      : { sessions_ended: ended, session: query.id },
  });
  return { ended };
}
