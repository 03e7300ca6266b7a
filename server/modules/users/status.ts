import type { UserRecord } from '../../../contract/api/users';
import type { Db } from '../../db/client';
import { assertAdministratorRemains, countAdministrators } from '../../lib/administrators';
import type { Caller } from '../../lib/caller';
import { notFound } from '../../lib/errors';
import { emitEvent } from '../../lib/integrationEvents';
import { organisationTransaction } from '../../lib/organisationLock';
import { updateUserRow } from '../../lib/userRows';
import { bumpPeople, bumpStores, storesOfUser } from '../../lib/versions';
import type { Jobs } from '../../plugins/jobs';
import { endUserSessions } from '../session/service';
import { deleteUser } from './repository';
import { get, manageableUser, NOT_YOURSELF, storeIdsOf } from './service';

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
  await organisationTransaction(db, tenantId, async (tx) => {
    // Administrators are counted before and after: concurrent demotions take turns.
    const before = await countAdministrators(tx, tenantId);
    await updateUserRow(tx, tenantId, id, { enabled });
    if (!enabled) {
      await endUserSessions(tx, tenantId, id);
      await assertAdministratorRemains(tx, tenantId, before);
    }
    // The stores of their positions count enabled people only; their positions stay as they were.
    await bumpStores(tx, tenantId, storesOfUser(tenantId, id));
    await bumpPeople(tx, tenantId, [id]);
    // Told when it changes something: enabling someone enabled is no event.
    if (user.enabled !== enabled)
      await emitEvent(jobs, tx, tenantId, enabled ? 'person.enabled' : 'person.disabled', {
        user_id: id,
        email: user.email,
        firstname: user.firstname,
        lastname: user.lastname,
        enabled,
      });
  });
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
  await organisationTransaction(db, tenantId, async (tx) => {
    const before = await countAdministrators(tx, tenantId);
    // Their positions go with them: the stores they were counted at, read before the delete.
    const stores = await storeIdsOf(tx, tenantId, id);
    // Another request may have deleted the user since manageableUser looked: that one answered 200.
    if (!(await deleteUser(tx, tenantId, id))) throw notFound('User');
    await assertAdministratorRemains(tx, tenantId, before);
    await bumpStores(tx, tenantId, stores);
    await bumpPeople(tx, tenantId, [id], 'tree');
  });
  return { id };
}
