import type { UserRecord } from '../../../contract/api/users';
import type { Db } from '../../db/client';
import type { Caller } from '../../lib/caller';
import type { Jobs } from '../../plugins/jobs';
import { removePerson, setPersonStatus } from './people';
import { get, manageableUser, NOT_YOURSELF } from './service';

/** Enables or disables an account. Disabling ends the user's sessions at once (spec §4). */
export async function setStatus(
  db: Db,
  jobs: Jobs,
  caller: Caller,
  id: number,
  enabled: boolean,
): Promise<UserRecord> {
  const { tenantId } = caller;
  if (!enabled && id === caller.userId) throw NOT_YOURSELF('disable');
  const user = await manageableUser(db, caller, id);
  await setPersonStatus(db, jobs, tenantId, user, enabled);
  return get(db, caller, id);
}

/**
 * Deletes an account with its positions, sessions and profile. When tasks exist, what a user wrote
 * or completed must outlive them: refuse (or anonymise) here once those tables reference users.
 */
export async function remove(db: Db, caller: Caller, id: number): Promise<{ id: number }> {
  const { tenantId } = caller;
  if (id === caller.userId) throw NOT_YOURSELF('delete');
  await manageableUser(db, caller, id);
  await removePerson(db, tenantId, id);
  return { id };
}
