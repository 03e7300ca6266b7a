import { randomBytes } from 'node:crypto';
import type {
  UserCreateBody,
  UserList,
  UserListQuery,
  UserRecord,
  UserUpdateBody,
} from '../../../contract/api/users';
import type { Db } from '../../db/client';
import { assertAdministratorRemains, countAdministrators } from '../../lib/administrators';
import { type Caller, inScope } from '../../lib/caller';
import { badRequest, forbidden, HttpError, notFound } from '../../lib/errors';
import { hashPassword, passwordProblem } from '../../lib/passwords';
import { bumpPeople } from '../../lib/versions';
import type { Jobs } from '../../plugins/jobs';
import type { Mailer } from '../mail/service';
import { beyond } from '../roles/grants';
import { callerGrants, loadGrants } from '../roles/service';
import { adminResetPassword } from '../session/passwords';
import { avatarUrl } from '../session/service';
import { planPositions } from './assigns';
import { createPerson, updatePerson } from './people';
import {
  deletePositionsBulk,
  findTenantUser,
  findUsersByUsernames,
  insertPositions,
  insertPositionsBulk,
  insertUsers,
  insertUsersBulk,
  isUserInScope,
  listUsers,
  loadPositions,
  loadPositionsOfMany,
  type PositionDetail,
  type SearchFilter,
  type UserRow,
  updateUserNames,
} from './repository';

/** The list builds the same records from one statement (list below): keep the two alike. */
async function toRecords(db: Db, caller: Caller, rows: UserRow[]): Promise<UserRecord[]> {
  const positions = await loadPositions(
    db,
    caller.tenantId,
    rows.map((r) => r.id),
  );
  return rows.map((u) => ({
    id: u.id,
    username: u.username,
    email: u.email,
    firstname: u.firstname,
    lastname: u.lastname,
    preferred_name: u.preferredName,
    avatar_url: avatarUrl(u.avatar),
    status: u.enabled ? 'active' : 'disabled',
    force_reset: u.forceReset,
    assigns: positions
      .filter((p) => p.userId === u.id)
      .map((p) => ({
        id: p.id,
        node_id: p.nodeId,
        node_name: p.nodeName,
        node_type: p.nodeType,
        role_id: p.roleId,
        role_name: p.roleName,
        in_scope: inScope(caller, p.nodePath),
      })),
    created_at: u.createdAt.toISOString(),
    updated_at: u.updatedAt.toISOString(),
  }));
}

function searchFilter(query: UserListQuery): SearchFilter | undefined {
  const text = query.value?.trim();
  if (!query.key || !text) return undefined;
  if (query.key !== 'status') return { key: query.key, text };
  const wanted = text.toLowerCase();
  if (['active', 'enabled'].includes(wanted)) return { key: 'status', enabled: true };
  if (['disabled', 'inactive'].includes(wanted)) return { key: 'status', enabled: false };
  throw badRequest('Search the status for "active" or "disabled"', { value: 'Use active or disabled' });
}

export async function list(db: Db, caller: Caller, query: UserListQuery): Promise<UserList> {
  const { rows, total } = await listUsers(db, caller, query, searchFilter(query));
  const data = rows.map(
    ({ avatar, enabled, assigns, ...user }): UserRecord => ({
      ...user,
      avatar_url: avatarUrl(avatar),
      status: enabled ? 'active' : 'disabled',
      assigns: assigns.map(({ node_path, ...assign }) => ({
        ...assign,
        in_scope: inScope(caller, node_path),
      })),
    }),
  );
  return { data, total, page: query.page, per_page: query.per_page };
}

/** The user, if the caller may see them: 404 for unknown ids (any other tenant's), 403 outside scope. */
export async function visibleUser(db: Db, caller: Caller, id: number): Promise<UserRow> {
  // Asked together: every write about a person starts here, and round trips are its latency.
  const [user, inScope] = await Promise.all([
    findTenantUser(db, caller.tenantId, id),
    isUserInScope(db, caller, id),
  ]);
  if (!user) throw notFound('User');
  if (!inScope) throw forbidden('This user is outside your part of the organisation.');
  return user;
}

/**
 * The user, if the caller may also change them: besides scope, every role the user holds must be
 * one the caller could give (roles/grants.ts) — otherwise a store manager could take over the
 * account of an administrator who also holds a position in their store.
 */
export async function manageableUser(db: Db, caller: Caller, id: number): Promise<UserRow> {
  const [user, positions, held] = await Promise.all([
    visibleUser(db, caller, id),
    loadPositions(db, caller.tenantId, [id]),
    callerGrants(db, caller),
  ]);
  const roleIds = [...new Set(positions.map((p) => p.roleId))];
  const grants = await loadGrants(db, caller.tenantId, roleIds);
  const extra = new Set(roleIds.flatMap((roleId) => beyond(held, grants.get(roleId) ?? [])));
  if (extra.size)
    throw forbidden(
      `This user holds a role with access yours does not have (${[...extra].join(', ')}), so you cannot change them.`,
    );
  return user;
}

export async function get(db: Db, caller: Caller, id: number): Promise<UserRecord> {
  const user = await visibleUser(db, caller, id);
  return (await toRecords(db, caller, [user]))[0]!;
}

function checkNames(body: { firstname: string; lastname: string }, errors: Record<string, string>) {
  if (!body.firstname.trim()) errors.firstname = 'Enter a first name';
  if (!body.lastname.trim()) errors.lastname = 'Enter a last name';
}

function checkPassword(password: string | null | undefined, errors: Record<string, string>) {
  if (!password) return undefined;
  const problem = passwordProblem(password);
  if (problem) errors.password = problem;
  return password;
}

function throwIfAny(errors: Record<string, string>) {
  const first = Object.values(errors)[0];
  if (first) throw badRequest(first, errors);
}

export async function create(
  db: Db,
  mail: { mailer: Mailer; publicUrl: string; jobs: Jobs },
  caller: Caller,
  body: UserCreateBody,
): Promise<UserRecord> {
  const { tenantId } = caller;
  const email = body.email.trim();
  const errors: Record<string, string> = {};
  if (body.username?.trim() && body.username.trim().toLowerCase() !== email.toLowerCase())
    errors.username = 'The username is the e-mail address';
  checkNames(body, errors);
  const password = checkPassword(body.password, errors);
  throwIfAny(errors);
  const plan = await planPositions(db, caller, await callerGrants(db, caller), body.assigns);
  // Without a password the user is mailed a link to choose one; until then nobody knows theirs.
  const passwordHash = await hashPassword(password ?? randomBytes(32).toString('base64url'));
  const id = await createPerson(
    db,
    mail.jobs,
    tenantId,
    {
      email,
      firstname: body.firstname.trim(),
      lastname: body.lastname.trim(),
      passwordHash,
      forceReset: password ? (body.force_reset ?? false) : true,
      positions: plan.insert,
    },
    async (tx, userId) => {
      if (password) return;
      const user = (await findTenantUser(tx, tenantId, userId))!;
      await adminResetPassword(tx, mail.mailer, mail.publicUrl, tenantId, user);
    },
  );
  return get(db, caller, id);
}

/**
 * Updates a user. A new password ends the user's sessions, except `ownSessionId` (the session of
 * the request): an administrator who sets their own password here stays signed in.
 */
export async function update(
  db: Db,
  jobs: Jobs,
  caller: Caller,
  body: UserUpdateBody,
  ownSessionId: number | undefined,
): Promise<UserRecord> {
  const { tenantId } = caller;
  const user = await manageableUser(db, caller, body.id);
  const errors: Record<string, string> = {};
  checkNames(body, errors);
  const password = checkPassword(body.password, errors);
  throwIfAny(errors);
  const email = body.email?.trim() || user.email;
  const plan = body.assigns
    ? await planPositions(
        db,
        caller,
        await callerGrants(db, caller),
        body.assigns,
        await loadPositions(db, tenantId, [user.id]),
      )
    : undefined;
  const passwordHash = password ? await hashPassword(password) : undefined;
  await updatePerson(db, jobs, tenantId, user, {
    email,
    firstname: body.firstname.trim(),
    lastname: body.lastname.trim(),
    passwordHash,
    forceReset: body.force_reset,
    plan,
    keepSessionId: ownSessionId,
    logged: body.assigns ? { positions: body.assigns } : {},
  });
  return get(db, caller, user.id);
}

/** Mails a user a reset link and makes them choose a new password at their next sign-in. */
export async function sendPasswordReset(
  db: Db,
  mail: { mailer: Mailer; publicUrl: string },
  caller: Caller,
  id: number,
) {
  const user = await manageableUser(db, caller, id);
  return db.transaction(async (tx) => {
    const reset = await adminResetPassword(tx, mail.mailer, mail.publicUrl, caller.tenantId, user);
    // force_reset is part of the guard's resolution and of the user list.
    await bumpPeople(tx, caller.tenantId, [user.id]);
    return reset;
  });
}

export type { UserRow };

/** Someone to add with {@link addPeople}: their e-mail address is also their username. */
interface NewPerson {
  email: string;
  firstname: string;
  lastname: string;
  passwordHash: string;
  forceReset: boolean;
  positions: { nodeId: number; roleId: number }[];
}

/**
 * Adds people with their positions as given, without the checks a caller's request goes through:
 * for a new tenant's first administrator and for demo data. Returns the users in the order given.
 */
export async function addPeople(db: Db, tenantId: number, people: NewPerson[]): Promise<UserRow[]> {
  const added = await insertUsers(
    db,
    tenantId,
    people.map(({ positions: _, email, ...person }) => ({ ...person, username: email, email })),
  );
  await insertPositions(
    db,
    tenantId,
    people.flatMap((person, i) => person.positions.map((p) => ({ userId: added[i]!.id, ...p }))),
  );
  return added;
}

/** A user of the tenant by id, without scope checks: the caller's own record (their profile). */
export function findUser(db: Db, tenantId: number, id: number): Promise<UserRow | undefined> {
  return findTenantUser(db, tenantId, id);
}

export const NOT_YOURSELF = (what: string) => new HttpError(403, `You cannot ${what} your own account.`);

export type { PositionDetail };
/*
 * Set-based work for bulk imports (issue 14). The import service applies this module's rules to
 * every row first — e-mail format and uniqueness, the role ceiling (roles/grants.ts `beyond`),
 * scope, active places, the last administrator — and calls these inside its transaction after
 * taking the organisation lock.
 */
export { assertAdministratorRemains, countAdministrators };

/** The tenant's users with these e-mail addresses (usernames), each with every position they hold. */
export async function peopleByEmails(
  db: Db,
  tenantId: number,
  emails: readonly string[],
): Promise<{ user: UserRow; positions: PositionDetail[] }[]> {
  const found = await findUsersByUsernames(db, tenantId, emails);
  const held = await loadPositionsOfMany(
    db,
    tenantId,
    found.map((u) => u.id),
  );
  const byUser = new Map<number, PositionDetail[]>(found.map((u) => [u.id, []]));
  for (const p of held) byUser.get(p.userId)?.push(p);
  return found.map((user) => ({ user, positions: byUser.get(user.id)! }));
}

/**
 * One password hash for everyone an import adds, of a random secret nobody keeps: they sign in
 * only after choosing their own (invitation link or forgot-password), and signing in with any
 * password costs the same scrypt check as for everyone else.
 */
export function unknowablePasswordHash(): Promise<string> {
  return hashPassword(randomBytes(32).toString('base64url'));
}

/** Adds people (e-mail = username) in one statement; answers id by lower-case e-mail. */
export async function addPeopleBulk(
  db: Db,
  tenantId: number,
  people: readonly { email: string; firstname: string; lastname: string; forceReset: boolean }[],
  passwordHash: string,
): Promise<Map<string, number>> {
  const rows = await insertUsersBulk(
    db,
    tenantId,
    people.map((p) => ({ ...p, username: p.email, passwordHash })),
  );
  return new Map(rows.map((r) => [r.username.toLowerCase(), Number(r.id)]));
}

export function renamePeople(
  db: Db,
  tenantId: number,
  rows: readonly { id: number; firstname: string; lastname: string }[],
) {
  return updateUserNames(db, tenantId, rows);
}

/** Removes and adds positions of many people (an import's plan) in two statements. */
export async function changePositions(
  db: Db,
  tenantId: number,
  plan: { remove: readonly number[]; insert: readonly { userId: number; nodeId: number; roleId: number }[] },
) {
  await deletePositionsBulk(db, tenantId, plan.remove);
  await insertPositionsBulk(db, tenantId, plan.insert);
}
