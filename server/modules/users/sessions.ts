import type { PersonSessionList, SessionsEnded } from '../../../contract/api/session';
import { fullName } from '../../../contract/personName';
import type { Db } from '../../db/client';
import { describeActivity } from '../../lib/activity';
import type { Caller } from '../../lib/caller';
import { endUserSessions } from '../session/service';
import { personSessions } from '../session/sessions';
import { manageableUser } from './service';

/**
 * A person's live sessions as an administrator sees them from the person's page (issue 47): only
 * of someone the caller may change, as disabling is.
 */
export async function listSessionsOf(db: Db, caller: Caller, id: number): Promise<PersonSessionList> {
  await manageableUser(db, caller, id);
  return personSessions(db, caller.tenantId, id);
}

/**
 * Ends every session of a person the caller may change: each is refused from its next request
 * on, on every process (the guard reads the session each time). The log says how many ended.
 */
export async function endSessionsOf(db: Db, caller: Caller, id: number): Promise<SessionsEnded> {
  const user = await manageableUser(db, caller, id);
  const ended = await endUserSessions(db, caller.tenantId, id);
  describeActivity({
    entity: 'user',
    entityId: id,
    entityName: fullName(user),
    after: { sessions_ended: ended },
  });
  return { ended };
}
