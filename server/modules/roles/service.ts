import type {
  Role,
  RoleCreateBody,
  RoleList,
  RoleListQuery,
  RoleUpdateBody,
} from '../../../contract/api/roles';
import type { Db } from '../../db/client';
import { describeActivity } from '../../lib/activity';
import { assertAdministratorRemains, countAdministrators } from '../../lib/administrators';
import type { Caller } from '../../lib/caller';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { organisationTransaction } from '../../lib/organisationLock';
import { readTogether } from '../../lib/readTogether';
import { bumpPeople } from '../../lib/versions';
import { beyond, type GrantRow, parsePermissions, toPermission } from './grants';
import {
  countRoleHolders,
  deleteRole,
  findRole,
  findRolesByIds,
  insertRole,
  listAllRoles,
  listRoles,
  loadGrants,
  type RoleRow,
  replaceGrants,
  roleNameTaken,
  updateRole,
} from './repository';

// The users module checks the roles it is asked to give, and what they grant, against the caller's.
export { findRolesByIds, type GrantRow, loadGrants };

const NAME_TAKEN = 'A role with this name already exists';

/** Every role of the tenant with what it grants: bulk work (imports) resolves role names against these. */
export async function rolesWithGrants(db: Db, tenantId: number) {
  const all = await listAllRoles(db, tenantId);
  const grants = await loadGrants(
    db,
    tenantId,
    all.map((r) => r.id),
  );
  return all.map((role) => ({ id: role.id, name: role.name, grants: grants.get(role.id) ?? [] }));
}

/** The grants of the role behind the caller's selected position: the ceiling of what they may give. */
export async function callerGrants(db: Db, caller: Caller): Promise<GrantRow[]> {
  return (await loadGrants(db, caller.tenantId, [caller.roleId])).get(caller.roleId) ?? [];
}

function toRole(role: RoleRow, userCount: number, grants: GrantRow[], held: GrantRow[]): Role {
  return {
    id: role.id,
    name: role.name,
    description: role.description,
    permissions: grants.map(toPermission),
    user_count: userCount,
    assignable: beyond(held, grants).length === 0,
    created_at: role.createdAt.toISOString(),
    updated_at: role.updatedAt.toISOString(),
  };
}

export async function list(db: Db, caller: Caller, query: RoleListQuery): Promise<RoleList> {
  const { tenantId } = caller;
  const [{ rows, total }, held] = await Promise.all([
    listRoles(db, tenantId, query),
    callerGrants(db, caller),
  ]);
  const grants = await loadGrants(
    db,
    tenantId,
    rows.map((r) => r.role.id),
  );
  return {
    data: rows.map((r) => toRole(r.role, r.userCount, grants.get(r.role.id) ?? [], held)),
    total,
    page: query.page,
    per_page: query.per_page,
  };
}

export async function get(db: Db, caller: Caller, id: number): Promise<Role> {
  const found = await findRole(db, caller.tenantId, id);
  if (!found) throw notFound('Role');
  // Also run inside a transaction (the demo data's role change), hence readTogether.
  const [grants, held] = await readTogether(db, [
    () => loadGrants(db, caller.tenantId, [id]),
    () => callerGrants(db, caller),
  ]);
  return toRole(found.role, found.userCount, grants.get(id) ?? [], held);
}

/** Validates a role body; throws 400 with every problem at once. */
function checkBody(body: RoleCreateBody): { name: string; description: string; grants: GrantRow[] } {
  const name = body.name.trim();
  const description = (body.description ?? '').trim();
  const { grants, errors } = parsePermissions(body.permissions);
  if (!name) errors.name = 'Give the role a name';
  const first = Object.values(errors)[0];
  if (first) throw badRequest(first, errors);
  return { name, description, grants };
}

/** Refuses a role that would grant what the caller's own role does not (grants.ts). */
function checkCeiling(held: GrantRow[], added: GrantRow[], previous: GrantRow[] = []) {
  // Capabilities the role already had are not the caller's doing; only what they add is checked.
  const fresh = beyond(previous, added);
  const mine = beyond(held, added).filter((c) => fresh.includes(c));
  if (mine.length)
    throw forbidden(`You cannot grant capabilities your own role does not have: ${mine.join(', ')}`);
}

export async function create(db: Db, caller: Caller, body: RoleCreateBody): Promise<Role> {
  const { tenantId } = caller;
  const input = checkBody(body);
  checkCeiling(await callerGrants(db, caller), input.grants);
  const id = await db.transaction(async (tx) => {
    if (await roleNameTaken(tx, tenantId, input.name)) throw conflict(NAME_TAKEN, { name: NAME_TAKEN });
    const roleId = await insertRole(tx, tenantId, { name: input.name, description: input.description });
    await replaceGrants(tx, tenantId, roleId, input.grants);
    await bumpPeople(tx, tenantId, 'everyone');
    return roleId;
  });
  return get(db, caller, id);
}

/** A role's grants as the log shows them: "audit: read, update" per switched-on module, in order. */
const grantsText = (grants: readonly GrantRow[]) =>
  grants
    .filter((g) => g.enabled && g.capabilities.length > 0)
    .map((g) => `${g.module}: ${[...g.capabilities].sort().join(', ')}`)
    .sort();

export async function update(db: Db, caller: Caller, body: RoleUpdateBody): Promise<Role> {
  const { tenantId } = caller;
  const input = checkBody(body);
  const existing = await findRole(db, tenantId, body.id);
  if (!existing) throw notFound('Role');
  const previous = (await loadGrants(db, tenantId, [body.id])).get(body.id) ?? [];
  checkCeiling(await callerGrants(db, caller), input.grants, previous);
  await organisationTransaction(db, tenantId, async (tx) => {
    // Administrators are counted before and after: concurrent demotions take turns.
    if (await roleNameTaken(tx, tenantId, input.name, body.id))
      throw conflict(NAME_TAKEN, { name: NAME_TAKEN });
    const before = await countAdministrators(tx, tenantId);
    await updateRole(tx, tenantId, body.id, { name: input.name, description: input.description });
    await replaceGrants(tx, tenantId, body.id, input.grants);
    await assertAdministratorRemains(tx, tenantId, before);
    // The guard resolves each position's role name and grants (people).
    await bumpPeople(tx, tenantId, 'everyone');
    describeActivity({
      entityId: body.id,
      entityName: input.name,
      before: {
        name: existing.role.name,
        description: existing.role.description,
        permissions: grantsText(previous),
      },
      after: { name: input.name, description: input.description, permissions: grantsText(input.grants) },
    });
  });
  return get(db, caller, body.id);
}

/** A role with its grants, without a caller's ceiling: a new tenant's default roles. */
export async function addRole(
  db: Db,
  tenantId: number,
  role: { name: string; description: string; grants: GrantRow[] },
): Promise<number> {
  const id = await insertRole(db, tenantId, { name: role.name, description: role.description });
  await replaceGrants(db, tenantId, id, role.grants);
  return id;
}

export async function remove(db: Db, caller: Caller, id: number): Promise<{ id: number }> {
  const { tenantId } = caller;
  await db.transaction(async (tx) => {
    const existing = await findRole(tx, tenantId, id);
    if (!existing) throw notFound('Role');
    const holders = await countRoleHolders(tx, tenantId, id);
    if (holders > 0) {
      const who = holders === 1 ? '1 user holds' : `${holders} users hold`;
      throw conflict(`${who} the role "${existing.role.name}". Give them another role before deleting it.`);
    }
    // A parallel delete may have taken it since findRole looked: that one answered 200.
    if (!(await deleteRole(tx, tenantId, id))) throw notFound('Role');
    await bumpPeople(tx, tenantId, 'everyone');
    describeActivity({ entityName: existing.role.name });
  });
  return { id };
}
