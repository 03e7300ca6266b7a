import type { Db, Tx } from '../../db/client';
import { describeActivity } from '../../lib/activity';
import { assertAdministratorRemains, countAdministrators } from '../../lib/administrators';
import { conflict, notFound } from '../../lib/errors';
import { emitEvent } from '../../lib/integrationEvents';
import { organisationTransaction } from '../../lib/organisationLock';
import { isUniqueViolation } from '../../lib/pgErrors';
import { updateUserRow } from '../../lib/userRows';
import { bumpPeople, bumpStores, storesOfUser } from '../../lib/versions';
import type { Jobs } from '../../plugins/jobs';
import { endUserSessions, expireResetLinks } from '../session/service';
import type { PositionPlan } from './assigns';
import {
  deletePositions,
  deletePositionsReturning,
  deleteUser,
  insertPositions,
  insertPositionsReturning,
  insertUser,
  loadPositions,
  type UserRow,
  updatePosition,
  usernameTaken,
} from './repository';

/*
 * The writes about a person, without a caller: what the web app's routes do once they checked who
 * may do it (service.ts, status.ts), and what the company's directory does over SCIM (issue 47),
 * which acts as the tenant's directory rather than as a person. Versions (kept answers on every
 * process), webhook events and sessions follow the same rules whoever asked.
 */

export const EMAIL_TAKEN = 'A user with this e-mail address already exists';

const emailTaken = () => conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN, username: EMAIL_TAKEN });

/** A concurrent create can pass the pre-check; the unique index is the real guard. */
async function withUniqueUsername<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

/** The nodes a user holds positions at (the stores among them count them), as the statement sees them. */
export async function storeIdsOf(tx: Db, tenantId: number, userId: number): Promise<number[]> {
  return (await loadPositions(tx, tenantId, [userId])).map((p) => p.nodeId);
}

/** Someone to add: their e-mail address is also their username. */
export interface NewPersonInput {
  email: string;
  firstname: string;
  lastname: string;
  preferredName?: string | null;
  language?: string | null;
  enabled?: boolean;
  passwordHash: string;
  forceReset: boolean;
  positions: { nodeId: number; roleId: number }[];
}

/**
 * Adds a person with their positions, in one transaction with what `within` writes beside them
 * (a reset link's mail, a directory's link). Answers the new id; 409 when the e-mail is taken.
 */
export async function createPerson(
  db: Db,
  jobs: Jobs,
  tenantId: number,
  person: NewPersonInput,
  within?: (tx: Tx, userId: number) => Promise<void>,
): Promise<number> {
  const { email, firstname, lastname } = person;
  const enabled = person.enabled ?? true;
  return withUniqueUsername(() =>
    db.transaction(async (tx) => {
      if (await usernameTaken(tx, tenantId, email)) throw emailTaken();
      const userId = await insertUser(tx, tenantId, {
        username: email,
        email,
        firstname,
        lastname,
        passwordHash: person.passwordHash,
        forceReset: person.forceReset,
      });
      const extra = {
        ...(person.preferredName ? { preferredName: person.preferredName } : {}),
        ...(person.language ? { language: person.language } : {}),
        ...(enabled ? {} : { enabled: false }),
      };
      if (Object.keys(extra).length > 0) await updateUserRow(tx, tenantId, userId, extra);
      await insertPositions(
        tx,
        tenantId,
        person.positions.map((p) => ({ userId, ...p })),
      );
      if (within) await within(tx, userId);
      // The stores they now hold positions at count one more person; the tree counts heads.
      await bumpStores(tx, tenantId, storesOfUser(tenantId, userId));
      await bumpPeople(tx, tenantId, [userId], 'tree');
      await emitEvent(jobs, tx, tenantId, 'person.created', {
        user_id: userId,
        email,
        firstname,
        lastname,
        enabled,
      });
      return userId;
    }),
  );
}

/** What an update writes: names and e-mail always, the rest when given. */
export interface PersonChange {
  email: string;
  firstname: string;
  lastname: string;
  /** `undefined`: left as it is. */
  preferredName?: string | null;
  language?: string | null;
  passwordHash?: string;
  forceReset?: boolean;
  plan?: PositionPlan;
  /** Enabled or disabled with the rest (the directory's `active`); `undefined`: as they are. */
  enabled?: boolean;
  /** A new password ends the person's sessions except this one (the request's own). */
  keepSessionId?: number;
  /** What the log's entry says changed besides the fields above (the positions asked for). */
  logged?: Record<string, unknown>;
  within?: (tx: Tx) => Promise<void>;
}

/**
 * Updates a person, and enables or disables them in the same transaction when `enabled` differs.
 * When positions or the status change, administrators are counted before and after (the last one
 * cannot be demoted or disabled) and concurrent demotions take turns at the organisation lock.
 */
export async function updatePerson(
  db: Db,
  jobs: Jobs,
  tenantId: number,
  user: UserRow,
  change: PersonChange,
) {
  const { email, firstname, lastname, plan } = change;
  const enabled = change.enabled ?? user.enabled;
  const statusChanges = enabled !== user.enabled;
  const locked = Boolean(plan) || statusChanges;
  const transaction = <T>(run: (tx: Tx) => Promise<T>) =>
    locked ? organisationTransaction(db, tenantId, run) : db.transaction(run);
  await withUniqueUsername(() =>
    transaction(async (tx) => {
      if (
        email.toLowerCase() !== user.email.toLowerCase() &&
        (await usernameTaken(tx, tenantId, email, user.id))
      )
        throw emailTaken();
      const before = locked ? await countAdministrators(tx, tenantId) : 0;
      // The stores they held positions at before the change (the lock keeps them as read).
      const storesBefore = plan ? await storeIdsOf(tx, tenantId, user.id) : [];
      await updateUserRow(tx, tenantId, user.id, {
        username: email,
        email,
        firstname,
        lastname,
        ...(change.preferredName !== undefined ? { preferredName: change.preferredName } : {}),
        ...(change.language !== undefined ? { language: change.language } : {}),
        ...(change.passwordHash ? { passwordHash: change.passwordHash } : {}),
        ...(change.forceReset !== undefined ? { forceReset: change.forceReset } : {}),
      });
      if (plan) {
        await deletePositions(tx, tenantId, plan.remove);
        for (const p of plan.update) await updatePosition(tx, tenantId, p.id, p);
        await insertPositions(
          tx,
          tenantId,
          plan.insert.map((p) => ({ userId: user.id, ...p })),
        );
      }
      // A new password ends the sessions that knew the old one (the caller's own stays).
      if (change.passwordHash) {
        await endUserSessions(tx, tenantId, user.id, change.keepSessionId);
        await expireResetLinks(tx, tenantId, user.id);
      }
      if (change.within) await change.within(tx);
      if (statusChanges)
        await writeStatus(tx, jobs, tenantId, { ...user, email, firstname, lastname }, enabled);
      if (locked) await assertAdministratorRemains(tx, tenantId, before);
      if (plan) {
        // Stores they left and stores they joined, in one statement (locked in node order).
        await bumpStores(tx, tenantId, [...storesBefore, ...(await storeIdsOf(tx, tenantId, user.id))]);
        await bumpPeople(tx, tenantId, [user.id], 'tree');
      } else await bumpPeople(tx, tenantId, [user.id]);
      await emitEvent(jobs, tx, tenantId, 'person.updated', {
        user_id: user.id,
        email,
        firstname,
        lastname,
        enabled,
      });
      const optional = (key: string, was: unknown, now: unknown) => (now === undefined ? {} : { [key]: was });
      describeActivity({
        entity: 'user',
        entityId: user.id,
        entityName: `${firstname} ${lastname}`,
        before: {
          email: user.email,
          firstname: user.firstname,
          lastname: user.lastname,
          force_reset: user.forceReset,
          ...optional('preferred_name', user.preferredName, change.preferredName),
          ...optional('language', user.language, change.language),
          ...optional('enabled', user.enabled, change.enabled),
        },
        after: {
          email,
          firstname,
          lastname,
          force_reset: change.forceReset ?? user.forceReset,
          ...optional('preferred_name', change.preferredName, change.preferredName),
          ...optional('language', change.language, change.language),
          ...optional('enabled', change.enabled, change.enabled),
          ...(change.passwordHash ? { password: true } : {}),
          ...change.logged,
        },
      });
    }),
  );
}

/**
 * What enabling or disabling writes, inside the caller's locked transaction: disabling ends the
 * person's sessions at once; their stores count enabled people only; the event is told when the
 * status changes (enabling someone enabled is no event). Positions stay as they were.
 */
async function writeStatus(
  tx: Tx,
  jobs: Jobs,
  tenantId: number,
  user: Pick<UserRow, 'id' | 'email' | 'firstname' | 'lastname' | 'enabled'>,
  enabled: boolean,
) {
  const { id } = user;
  await updateUserRow(tx, tenantId, id, { enabled });
  if (!enabled) await endUserSessions(tx, tenantId, id);
  await bumpStores(tx, tenantId, storesOfUser(tenantId, id));
  if (user.enabled !== enabled)
    await emitEvent(jobs, tx, tenantId, enabled ? 'person.enabled' : 'person.disabled', {
      user_id: id,
      email: user.email,
      firstname: user.firstname,
      lastname: user.lastname,
      enabled,
    });
}

/**
 * Enables or disables a person. Disabling ends their sessions at once (spec §4) and may not leave
 * the tenant without an administrator; `within` writes beside it in the same transaction.
 */
export async function setPersonStatus(
  db: Db,
  jobs: Jobs,
  tenantId: number,
  user: UserRow,
  enabled: boolean,
  within?: (tx: Tx) => Promise<void>,
): Promise<void> {
  await organisationTransaction(db, tenantId, async (tx) => {
    // Administrators are counted before and after: concurrent demotions take turns.
    const before = await countAdministrators(tx, tenantId);
    await writeStatus(tx, jobs, tenantId, user, enabled);
    if (!enabled) await assertAdministratorRemains(tx, tenantId, before);
    if (within) await within(tx);
    await bumpPeople(tx, tenantId, [user.id]);
  });
}

/** Deletes a person with their positions, sessions and profile; 404 when they are gone already. */
export async function removePerson(db: Db, tenantId: number, id: number): Promise<void> {
  await organisationTransaction(db, tenantId, async (tx) => {
    const before = await countAdministrators(tx, tenantId);
    // Their positions go with them: the stores they were counted at, read before the delete.
    const stores = await storeIdsOf(tx, tenantId, id);
    // Another request may have deleted the user since it was looked up: that one answered.
    if (!(await deleteUser(tx, tenantId, id))) throw notFound('User');
    await assertAdministratorRemains(tx, tenantId, before);
    await bumpStores(tx, tenantId, stores);
    await bumpPeople(tx, tenantId, [id], 'tree');
  });
}

/** What a change of positions (the directory's groups) touched: whose, and at which nodes. */
export interface PositionsChanged<T> {
  result: T;
  userIds: number[];
  nodeIds: number[];
}

/**
 * Runs `change`, which removes and adds positions with {@link givePositions} and
 * {@link takePositions}, in the organisation's turn with the last-administrator rule, and bumps the
 * versions as an update does, so each person's sessions narrow on their next request on every process.
 */
export async function changePositionsOf<T>(
  db: Db,
  tenantId: number,
  change: (tx: Tx) => Promise<PositionsChanged<T>>,
): Promise<T> {
  return organisationTransaction(db, tenantId, async (tx) => {
    const before = await countAdministrators(tx, tenantId);
    const { result, userIds, nodeIds } = await change(tx);
    if (userIds.length === 0) return result;
    await assertAdministratorRemains(tx, tenantId, before);
    await bumpStores(tx, tenantId, [...new Set(nodeIds)]);
    await bumpPeople(tx, tenantId, [...new Set(userIds)], 'tree');
    return result;
  });
}

/** Adds positions; answers their ids in the order given. */
export const givePositions = (
  tx: Tx,
  tenantId: number,
  list: readonly { userId: number; nodeId: number; roleId: number }[],
) => insertPositionsReturning(tx, tenantId, list);

/** Removes positions of the tenant by id; answers the nodes of those that were there. */
export const takePositions = (tx: Tx, tenantId: number, ids: readonly number[]) =>
  deletePositionsReturning(tx, tenantId, ids);
