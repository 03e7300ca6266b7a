import type { UserRecord } from '../../../contract/api/users';
import type { Db } from '../../db/client';
import { deleteUserSessions } from '../session/repository';
import { assertAdministratorRemains, countAdministrators } from './administrators';
import { deleteUser, setEnabled } from './repository';
import { get, manageableUser, NOT_YOURSELF, type ScopedAuth } from './service';

/** Enables or disables an account. Disabling ends the user's sessions at once (spec §4). */
export async function setStatus(db: Db, auth: ScopedAuth, id: number, enabled: boolean): Promise<UserRecord> {
  const tenantId = auth.tenant.id;
  if (!enabled && id === auth.user.id) throw NOT_YOURSELF('disable');
  await manageableUser(db, auth, id);
  await db.transaction(async (tx) => {
    const before = await countAdministrators(tx, tenantId);
    await setEnabled(tx, tenantId, id, enabled);
    if (!enabled) {
      await deleteUserSessions(tx, tenantId, id);
      await assertAdministratorRemains(tx, tenantId, before);
    }
  });
  return get(db, auth, id);
}

/**
 * Deletes an account with its positions, sessions and profile. When tasks exist, what a user wrote
 * or completed must outlive them: refuse (or anonymise) here once those tables reference users.
 */
export async function remove(db: Db, auth: ScopedAuth, id: number): Promise<{ id: number }> {
  const tenantId = auth.tenant.id;
  if (id === auth.user.id) throw NOT_YOURSELF('delete');
  await manageableUser(db, auth, id);
  await db.transaction(async (tx) => {
    const before = await countAdministrators(tx, tenantId);
    await deleteUser(tx, tenantId, id);
    await assertAdministratorRemains(tx, tenantId, before);
  });
  return { id };
}
