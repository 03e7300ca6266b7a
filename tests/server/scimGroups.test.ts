import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ScimGroup } from '../../contract/api/scim';
import { hierarchyNodes } from '../../server/db/schema';
import { sqlRows } from '../../server/lib/jsonRows';
import { OWNER, STAFF } from './helpers/acmePeople';
import { suiteApp } from './helpers/app';
import { organisation } from './helpers/organisation';
import { expectScimError, GROUP_SCHEMA, LIST_RESPONSE, scimKit } from './helpers/scim';
import { onPostgres } from './helpers/target';

/*
 * Issue 47: the SCIM 2.0 service provider's Groups, as Microsoft Entra ID and Okta push them
 * (create, add and remove members, rename), and what a group means in Storeline: the position
 * (a node and a role) an administrator chose for it, given to its members and taken back when
 * they leave, without ever touching a position the group did not give.
 */

const t = suiteApp();
const s = scimKit(t);
const o = organisation(t);
const GLOBEX_OWNER = 'owner@globex.test';

let acme = '';
let globex = '';
const acmeToken = async () => {
  acme ||= (await s.tokenOf(OWNER, 'Acme groups directory')).token;
  return acme;
};
const globexToken = async () => {
  globex ||= (await s.tokenOf(GLOBEX_OWNER, 'Globex groups directory')).token;
  return globex;
};

const groupBody = (displayName: string, members: string[] = [], over: Record<string, unknown> = {}) => ({
  schemas: [GROUP_SCHEMA],
  displayName,
  members: members.map((value) => ({ value })),
  ...over,
});

async function createGroup(token: string, displayName: string, members: string[] = []) {
  const res = await s.call(token, 'POST', '/Groups', groupBody(displayName, members));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; displayName: string; members?: { value: string }[] };
}

async function membersOf(token: string, id: string): Promise<string[]> {
  const res = await s.call(token, 'GET', `/Groups/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return ((res.json().members ?? []) as { value: string }[]).map((m) => m.value).sort();
}

async function expectPatched(token: string, id: string, operations: unknown[]) {
  const res = await s.patch(token, `/Groups/${id}`, operations);
  expect(res.statusCode, res.body).toBe(204);
}

/** Chooses the position a group gives, as the Settings screen does. */
function mapGroup(as: string, id: string | number, nodeId: number | null, roleId: number | null) {
  return t.injectAs(as, {
    method: 'PUT',
    url: '/api/scim/group/update',
    payload: { id: Number(id), node_id: nodeId, role_id: roleId },
  });
}

async function mapped(as: string, id: string, nodeName: string, roleName: string, tenant = 'acme') {
  const res = await mapGroup(as, id, await o.nodeId(nodeName, tenant), await o.roleId(roleName, tenant));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as ScimGroup;
}

/** The positions a person holds, as `node/role` names. */
async function placesOf(username: string): Promise<string[]> {
  const user = await t.userByUsername(username);
  const rows = await sqlRows<{ place: string }>(
    t.database.db,
    sql`SELECT n.name || '/' || r.name AS place FROM positions p
        JOIN hierarchy_nodes n ON n.tenant_id = p.tenant_id AND n.id = p.node_id
        JOIN roles r ON r.tenant_id = p.tenant_id AND r.id = p.role_id
        WHERE p.tenant_id = ${user.tenantId} AND p.user_id = ${user.id} ORDER BY 1`,
  );
  return rows.map((r) => r.place);
}

const filterUrl = (filter: string, more = '') =>
  `/Groups?filter=${encodeURIComponent(filter)}${more ? `&${more}` : ''}`;

/** The administration log's entries about SCIM groups of a tenant, newest first. */
const groupLog = (tenantId: number, groupId: string) =>
  sqlRows<{ action: string; actor_id: number | null; actor_name: string; actor_directory_id: number | null }>(
    t.database.db,
    sql`SELECT action, actor_id, actor_name, actor_directory_id FROM activity_entries
        WHERE tenant_id = ${tenantId} AND action LIKE 'scim.group.%' AND entity_id = ${groupId} ORDER BY seq DESC`,
  );

describe('Microsoft Entra ID’s group sequence', () => {
  it('finds no group, creates it, adds members, removes one and renames it, logged under the directory', async () => {
    const token = await acmeToken();
    const alex = await s.createUser(token, 'alex.wilber@acme.test');
    const diego = await s.createUser(token, 'diego.siciliani@acme.test');

    const none = await s.call(
      token,
      'GET',
      filterUrl('displayName eq "Sales"', 'excludedAttributes=members'),
    );
    expect(none.statusCode, none.body).toBe(200);
    expect(none.json()).toMatchObject({ schemas: [LIST_RESPONSE], totalResults: 0, Resources: [] });

    const created = await s.call(token, 'POST', '/Groups', {
      schemas: [GROUP_SCHEMA],
      externalId: '8aa1a0c0-c4c3-4bc0-b4a5-2ef676900159',
      displayName: 'Sales',
      members: [],
    });
    expect(created.statusCode, created.body).toBe(201);
    const group = created.json();
    expect(group).toMatchObject({
      schemas: [GROUP_SCHEMA],
      displayName: 'Sales',
      externalId: '8aa1a0c0-c4c3-4bc0-b4a5-2ef676900159',
      meta: { resourceType: 'Group' },
    });
    expect(created.headers.location).toBe(group.meta.location);
    expect(group.meta.location).toMatch(new RegExp(`/scim/v2/Groups/${group.id}$`));

    const found = await s.call(
      token,
      'GET',
      filterUrl('externalId eq "8aa1a0c0-c4c3-4bc0-b4a5-2ef676900159"', 'excludedAttributes=members'),
    );
    expect(found.json().totalResults).toBe(1);
    expect(found.json().Resources[0].id).toBe(group.id);
    expect(found.json().Resources[0].members).toBeUndefined();

    await expectPatched(token, group.id, [
      { op: 'Add', path: 'members', value: [{ value: alex.id }, { value: diego.id }] },
    ]);
    expect(await membersOf(token, group.id)).toEqual([alex.id, diego.id].sort());
    const read = await s.call(token, 'GET', `/Groups/${group.id}`);
    expect(read.json().members).toContainEqual({
      value: alex.id,
      display: 'Pat Provisioned',
      $ref: expect.stringMatching(new RegExp(`/scim/v2/Users/${alex.id}$`)),
    });
    const excluded = await s.call(token, 'GET', `/Groups/${group.id}?excludedAttributes=members`);
    expect(excluded.json().members).toBeUndefined();
    expect(excluded.json().displayName).toBe('Sales');

    await expectPatched(token, group.id, [{ op: 'Remove', path: 'members', value: [{ value: alex.id }] }]);
    expect(await membersOf(token, group.id)).toEqual([diego.id]);

    await expectPatched(token, group.id, [
      { op: 'Replace', path: 'displayName', value: 'Sales and Marketing' },
    ]);
    const renamed = await s.call(token, 'GET', filterUrl('displayName eq "sales and marketing"'));
    expect(renamed.json().totalResults).toBe(1);
    expect(renamed.json().Resources[0].id).toBe(group.id);

    const log = await groupLog(await o.tenantId('acme'), group.id);
    expect(log.map((e) => e.action)).toEqual([
      'scim.group.update',
      'scim.group.update',
      'scim.group.update',
      'scim.group.create',
    ]);
    for (const entry of log) {
      expect(entry.actor_id).toBeNull();
      expect(entry.actor_name).toBe('Acme groups directory');
      expect(entry.actor_directory_id).not.toBeNull();
    }

    const deleted = await s.call(token, 'DELETE', `/Groups/${group.id}`);
    expect(deleted.statusCode, deleted.body).toBe(204);
    expectScimError(await s.call(token, 'GET', `/Groups/${group.id}`), 404);
    expect((await groupLog(await o.tenantId('acme'), group.id))[0]!.action).toBe('scim.group.delete');
  });
});

describe('Okta’s group push', () => {
  it('creates the group, replaces its members, removes one by a filter path and renames it by a path-less replace', async () => {
    const token = await acmeToken();
    const [a, b, c] = await Promise.all(
      ['okta.a@acme.test', 'okta.b@acme.test', 'okta.c@acme.test'].map((u) => s.createUser(token, u)),
    );
    const group = await createGroup(token, 'Okta Engineering', [a!.id]);
    expect(group.members?.map((m) => m.value)).toEqual([a!.id]);

    await expectPatched(token, group.id, [
      { op: 'replace', path: 'members', value: [{ value: b!.id }, { value: c!.id }] },
    ]);
    expect(await membersOf(token, group.id)).toEqual([b!.id, c!.id].sort());

    await expectPatched(token, group.id, [{ op: 'remove', path: `members[value eq "${b!.id}"]` }]);
    expect(await membersOf(token, group.id)).toEqual([c!.id]);

    await expectPatched(token, group.id, [{ op: 'add', path: 'members', value: [{ value: a!.id }] }]);
    expect(await membersOf(token, group.id)).toEqual([a!.id, c!.id].sort());

    await expectPatched(token, group.id, [
      { op: 'replace', value: { id: group.id, displayName: 'Okta Platform Engineering' } },
    ]);
    const read = await s.call(token, 'GET', `/Groups/${group.id}`);
    expect(read.json()).toMatchObject({ id: group.id, displayName: 'Okta Platform Engineering' });

    // The groups a person is in, as Okta looks them up.
    const ofC = await s.call(token, 'GET', filterUrl(`members[value eq "${c!.id}"]`));
    expect(ofC.json().Resources.map((r: { id: string }) => r.id)).toEqual([group.id]);

    // PUT replaces the name and the members.
    const put = await s.call(token, 'PUT', `/Groups/${group.id}`, groupBody('Okta Engineering', [b!.id]));
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().members.map((m: { value: string }) => m.value)).toEqual([b!.id]);
  });

  it('pages the groups and refuses a second group of the same displayName', async () => {
    const token = await acmeToken();
    for (const name of ['Paged 1', 'Paged 2', 'Paged 3']) await createGroup(token, name);
    const page = await s.call(token, 'GET', filterUrl('displayName sw "paged"', 'startIndex=2&count=1'));
    expect(page.json()).toMatchObject({ totalResults: 3, itemsPerPage: 1, startIndex: 2 });
    expect(page.json().Resources[0].displayName).toBe('Paged 2');

    const again = await s.call(token, 'POST', '/Groups', groupBody('paged 1'));
    expect(expectScimError(again, 409, 'uniqueness').detail).toContain('displayName');
  });
});

describe('refusals and the tenant wall', () => {
  it('refuses unknown members and another tenant’s people, and answers 404 for another tenant’s group', async () => {
    const token = await acmeToken();
    const other = await globexToken();
    const globexPerson = await s.createUser(other, 'wall.person@globex.test');
    const globexGroup = await createGroup(other, 'Globex only', [globexPerson.id]);

    expectScimError(
      await s.call(token, 'POST', '/Groups', groupBody('Wall', ['999999'])),
      400,
      'invalidValue',
    );
    expectScimError(
      await s.call(token, 'POST', '/Groups', groupBody('Wall', [globexPerson.id])),
      400,
      'invalidValue',
    );
    expectScimError(
      await s.call(token, 'POST', '/Groups', groupBody('Wall', ['not-a-number'])),
      400,
      'invalidValue',
    );
    expectScimError(await s.call(token, 'POST', '/Groups', { schemas: [GROUP_SCHEMA] }), 400, 'invalidValue');
    // Nothing was written by the refused requests.
    expect((await s.call(token, 'GET', filterUrl('displayName eq "Wall"'))).json().totalResults).toBe(0);

    const mine = await createGroup(token, 'Wall');
    expectScimError(
      await s.patch(token, `/Groups/${mine.id}`, [
        { op: 'add', path: 'members', value: [{ value: globexPerson.id }] },
      ]),
      400,
      'invalidValue',
    );

    expectScimError(await s.call(token, 'GET', `/Groups/${globexGroup.id}`), 404);
    expectScimError(
      await s.patch(token, `/Groups/${globexGroup.id}`, [
        { op: 'replace', path: 'displayName', value: 'Taken' },
      ]),
      404,
    );
    expectScimError(await s.call(token, 'PUT', `/Groups/${globexGroup.id}`, groupBody('Taken')), 404);
    expectScimError(await s.call(token, 'DELETE', `/Groups/${globexGroup.id}`), 404);
    const list = await s.call(token, 'GET', filterUrl('displayName eq "Globex only"'));
    expect(list.json().totalResults).toBe(0);
    expect(await membersOf(other, globexGroup.id)).toEqual([globexPerson.id]);
  });
});

describe('a group gives a position', () => {
  it('gives the mapped position to members who join, and takes it back when they leave', async () => {
    const token = await acmeToken();
    const joiner = await s.createUser(token, 'joiner@acme.test');
    const early = await s.createUser(token, 'early@acme.test');
    const group = await createGroup(token, 'Parramatta team', [early.id]);
    expect(await placesOf('early@acme.test')).toEqual([]);

    // Mapping a group with members gives them the position at once.
    const chosen = await mapped(OWNER, group.id, 'Parramatta', 'Team Member');
    expect(chosen).toMatchObject({
      id: Number(group.id),
      display_name: 'Parramatta team',
      members: 1,
      node_name: 'Parramatta',
      role_name: 'Team Member',
    });
    expect(await placesOf('early@acme.test')).toEqual(['Parramatta/Team Member']);

    await expectPatched(token, group.id, [{ op: 'add', path: 'members', value: [{ value: joiner.id }] }]);
    expect(await placesOf('joiner@acme.test')).toEqual(['Parramatta/Team Member']);
    const rows = await sqlRows<{ user_id: number; position_id: number | null }>(
      t.database.db,
      sql`SELECT user_id, position_id FROM scim_group_members WHERE group_id = ${Number(group.id)} ORDER BY user_id`,
    );
    expect(rows.every((r) => r.position_id !== null)).toBe(true);
    const viaApi = await t.injectAs(OWNER, { url: `/api/user/get?id=${joiner.id}` });
    expect(viaApi.statusCode, viaApi.body).toBe(200);
    expect(JSON.stringify(viaApi.json().data)).toContain('Parramatta');

    await expectPatched(token, group.id, [{ op: 'remove', path: `members[value eq "${joiner.id}"]` }]);
    expect(await placesOf('joiner@acme.test')).toEqual([]);
    expect(await placesOf('early@acme.test')).toEqual(['Parramatta/Team Member']);
  });

  it('leaves a position given by hand when its holder leaves the group', async () => {
    const token = await acmeToken();
    const staff = await t.userByUsername(STAFF);
    const before = await placesOf(STAFF);
    expect(before).toContain('Sydney CBD/Team Member');
    const group = await createGroup(token, 'CBD team');
    await mapped(OWNER, group.id, 'Sydney CBD', 'Team Member');
    await expectPatched(token, group.id, [
      { op: 'add', path: 'members', value: [{ value: String(staff.id) }] },
    ]);
    const [row] = await sqlRows<{ position_id: number | null }>(
      t.database.db,
      sql`SELECT position_id FROM scim_group_members WHERE group_id = ${Number(group.id)} AND user_id = ${staff.id}`,
    );
    expect(row!.position_id).toBeNull();
    expect(await placesOf(STAFF)).toEqual(before);

    await expectPatched(token, group.id, [
      { op: 'remove', path: 'members', value: [{ value: String(staff.id) }] },
    ]);
    expect(await placesOf(STAFF)).toEqual(before);
    // Nor does the group's deletion, nor its remapping, touch it.
    await expectPatched(token, group.id, [
      { op: 'add', path: 'members', value: [{ value: String(staff.id) }] },
    ]);
    await mapped(OWNER, group.id, 'Bondi Junction', 'Team Member');
    expect(await placesOf(STAFF)).toEqual([...before, 'Bondi Junction/Team Member'].sort());
    expect((await s.call(token, 'DELETE', `/Groups/${group.id}`)).statusCode).toBe(204);
    expect(await placesOf(STAFF)).toEqual(before);
  });

  it('moves the positions when the mapping changes, takes them away when it is cleared or the group deleted', async () => {
    const token = await acmeToken();
    const one = await s.createUser(token, 'remap.one@acme.test');
    const two = await s.createUser(token, 'remap.two@acme.test');
    const group = await createGroup(token, 'Remapped', [one.id, two.id]);
    await mapped(OWNER, group.id, 'Parramatta', 'Team Member');
    expect(await placesOf('remap.one@acme.test')).toEqual(['Parramatta/Team Member']);

    await mapped(OWNER, group.id, 'Bondi Junction', 'Store Manager');
    expect(await placesOf('remap.one@acme.test')).toEqual(['Bondi Junction/Store Manager']);
    expect(await placesOf('remap.two@acme.test')).toEqual(['Bondi Junction/Store Manager']);

    const cleared = await mapGroup(OWNER, group.id, null, null);
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().data).toMatchObject({
      node_id: null,
      node_name: null,
      role_id: null,
      role_name: null,
    });
    expect(await placesOf('remap.one@acme.test')).toEqual([]);

    await mapped(OWNER, group.id, 'Parramatta', 'Team Member');
    expect((await s.call(token, 'DELETE', `/Groups/${group.id}`)).statusCode).toBe(204);
    expect(await placesOf('remap.one@acme.test')).toEqual([]);
    expect(await placesOf('remap.two@acme.test')).toEqual([]);
  });

  it('hands a position to another group mapping the same place when the giving group lets go', async () => {
    const token = await acmeToken();
    const person = await s.createUser(token, 'two.groups@acme.test');
    const first = await createGroup(token, 'First of two', [person.id]);
    await mapped(OWNER, first.id, 'Parramatta', 'Team Member');
    const second = await createGroup(token, 'Second of two');
    await mapped(OWNER, second.id, 'Parramatta', 'Team Member');
    await expectPatched(token, second.id, [{ op: 'add', path: 'members', value: [{ value: person.id }] }]);
    expect(await placesOf('two.groups@acme.test')).toEqual(['Parramatta/Team Member']);

    await expectPatched(token, first.id, [{ op: 'remove', path: 'members', value: [{ value: person.id }] }]);
    expect(await placesOf('two.groups@acme.test')).toEqual(['Parramatta/Team Member']);
    await expectPatched(token, second.id, [{ op: 'remove', path: 'members', value: [{ value: person.id }] }]);
    expect(await placesOf('two.groups@acme.test')).toEqual([]);
  });

  it('narrows a person’s session on their next request once they leave the group', async () => {
    const token = await acmeToken();
    const person = await s.createUser(token, 'session.narrowed@acme.test');
    const group = await createGroup(token, 'Session group');
    await mapped(OWNER, group.id, 'Parramatta', 'Team Member');

    const before = await t.injectAs('session.narrowed@acme.test', { url: '/api/user/verify' });
    expect(before.statusCode).toBe(401);
    await expectPatched(token, group.id, [{ op: 'add', path: 'members', value: [{ value: person.id }] }]);
    const inside = await t.injectAs('session.narrowed@acme.test', { url: '/api/user/verify' });
    expect(inside.statusCode, inside.body).toBe(200);

    await expectPatched(token, group.id, [{ op: 'remove', path: `members[value eq "${person.id}"]` }]);
    const after = await t.injectAs('session.narrowed@acme.test', { url: '/api/user/verify' });
    expect(after.statusCode, after.body).toBe(401);
    expect(after.json().code).toBe('NO_ACTIVE_WORKSPACE');
  });
});

describe('the last administrator', () => {
  it('refuses to take the last administrator’s position away, over SCIM and from Settings', async () => {
    const token = await globexToken();
    // With a password of their own: a person provisioned without one must choose one before anything else.
    const admin = await s.createUser(token, 'group.admin@globex.test', {
      password: 'Provisioned-Admin-2026!',
    });
    const tenant = await o.tenantId('globex');
    const [root] = await t.database.db
      .select({ id: hierarchyNodes.id })
      .from(hierarchyNodes)
      .where(and(eq(hierarchyNodes.tenantId, tenant), eq(hierarchyNodes.type, 'root')));
    const group = await createGroup(token, 'Globex administrators', [admin.id]);
    const map = await mapGroup(GLOBEX_OWNER, group.id, root!.id, await o.roleId('Administrator', 'globex'));
    expect(map.statusCode, map.body).toBe(200);

    // The group's administrator demotes the one who had the position by hand (the same position,
    // another role: their session keeps its position and stays usable for the suites after this one).
    const owner = await t.userByUsername(GLOBEX_OWNER);
    const [held] = await o.positionsOf(GLOBEX_OWNER);
    const setOwnerRole = (role: string) =>
      o.roleId(role, 'globex').then((roleId) =>
        t.injectAs('group.admin@globex.test', {
          method: 'PUT',
          url: '/api/user/update',
          payload: {
            id: owner.id,
            firstname: owner.firstname,
            lastname: owner.lastname,
            assigns: [{ id: held!.id, node_id: root!.id, role_id: roleId }],
          },
        }),
      );
    const demote = await setOwnerRole('Team Member');
    expect(demote.statusCode, demote.body).toBe(200);
    try {
      const leave = await s.patch(token, `/Groups/${group.id}`, [
        { op: 'remove', path: 'members', value: [{ value: admin.id }] },
      ]);
      expect(expectScimError(leave, 409).detail).toContain('manage users and roles');
      expectScimError(await s.call(token, 'DELETE', `/Groups/${group.id}`), 409);
      const cleared = await mapGroup('group.admin@globex.test', group.id, null, null);
      expect(cleared.statusCode, cleared.body).toBe(409);
      expect(cleared.json().message).toContain('manage users and roles');
      expect(await membersOf(token, group.id)).toEqual([admin.id]);
      expect(await placesOf('group.admin@globex.test')).toHaveLength(1);
    } finally {
      const restore = await setOwnerRole('Administrator');
      expect(restore.statusCode, restore.body).toBe(200);
    }
    expect((await s.call(token, 'DELETE', `/Groups/${group.id}`)).statusCode).toBe(204);
    expect(await placesOf('group.admin@globex.test')).toEqual([]);
  });
});

describe('the Settings screen’s routes', () => {
  it('lists the tenant’s groups and sets their position, refusing another tenant’s node, role and group', async () => {
    const token = await acmeToken();
    const person = await s.createUser(token, 'listed@acme.test');
    const group = await createGroup(token, 'Listed group', [person.id]);
    await mapped(OWNER, group.id, 'Parramatta', 'Team Member');

    const list = await t.injectAs(OWNER, { url: '/api/scim/group/list' });
    expect(list.statusCode, list.body).toBe(200);
    const listed = (list.json().data as ScimGroup[]).find((g) => g.id === Number(group.id));
    expect(listed).toEqual({
      id: Number(group.id),
      display_name: 'Listed group',
      external_id: null,
      members: 1,
      node_id: await o.nodeId('Parramatta'),
      node_name: 'Parramatta',
      role_id: await o.roleId('Team Member'),
      role_name: 'Team Member',
    });
    const globexList = await t.injectAs(GLOBEX_OWNER, { url: '/api/scim/group/list' });
    expect((globexList.json().data as ScimGroup[]).some((g) => g.id === Number(group.id))).toBe(false);

    const role = await o.roleId('Team Member');
    const otherNode = await mapGroup(OWNER, group.id, await o.nodeId('Springfield', 'globex'), role);
    expect(otherNode.statusCode, otherNode.body).toBe(404);
    const otherRole = await mapGroup(
      OWNER,
      group.id,
      await o.nodeId('Parramatta'),
      await o.roleId('Team Member', 'globex'),
    );
    expect(otherRole.statusCode, otherRole.body).toBe(404);
    const otherGroup = await mapGroup(GLOBEX_OWNER, group.id, null, null);
    expect(otherGroup.statusCode, otherGroup.body).toBe(404);
    const half = await mapGroup(OWNER, group.id, await o.nodeId('Parramatta'), null);
    expect(half.statusCode, half.body).toBe(400);
    expect(half.json().message).toContain('both a node and a role');
    const unassigned = await t.database.db
      .select({ id: hierarchyNodes.id })
      .from(hierarchyNodes)
      .where(
        and(eq(hierarchyNodes.tenantId, await o.tenantId('acme')), eq(hierarchyNodes.type, 'unassigned')),
      );
    const nowhere = await mapGroup(OWNER, group.id, unassigned[0]!.id, role);
    expect(nowhere.statusCode, nowhere.body).toBe(400);
    // None of the refusals moved anything.
    expect(await placesOf('listed@acme.test')).toEqual(['Parramatta/Team Member']);

    const log = await groupLog(await o.tenantId('acme'), group.id);
    expect(log[0]).toMatchObject({ action: 'scim.group.update', actor_directory_id: null });
    expect(log[0]!.actor_id).toBe((await t.userByUsername(OWNER)).id);

    const staffTries = await t.injectAs(STAFF, { url: '/api/scim/group/list' });
    expect(staffTries.statusCode).toBe(403);
  });
});

describe('who may choose a group’s position', () => {
  it('refuses a role beyond the chooser’s own, and a place outside their part of the tree', async () => {
    // Someone who keeps the settings of Sydney Metro, and nothing more.
    const role = await t.injectAs(OWNER, {
      method: 'POST',
      url: '/api/role/create',
      payload: {
        name: 'Settings keeper',
        permissions: [{ id: 'setting', status: 'active', capabilities: ['read', 'update'] }],
      },
    });
    expect(role.statusCode, role.body).toBe(200);
    const keeper = 'settings.keeper@acme.test';
    const made = await t.injectAs(OWNER, {
      method: 'POST',
      url: '/api/user/create',
      payload: {
        firstname: 'Settings',
        lastname: 'Keeper',
        email: keeper,
        password: 'settings-keeper-1',
        assigns: [{ node_id: await o.nodeId('Sydney Metro'), role_id: role.json().data.id }],
      },
    });
    expect(made.statusCode, made.body).toBe(200);
    const token = await acmeToken();
    const member = await s.createUser(token, 'escalation@acme.test');
    const group = await createGroup(token, 'Would-be administrators', [member.id]);

    // A group gives its position to everyone in it: mapping one is giving that position.
    const administrator = await mapGroup(
      keeper,
      group.id,
      await o.nodeId('Bondi Junction'),
      await o.roleId('Administrator'),
    );
    expect(administrator.statusCode, administrator.body).toBe(403);
    expect(administrator.json().errors).toHaveProperty('role_id');
    const outside = await mapGroup(
      keeper,
      group.id,
      await o.nodeId('Melbourne Central'),
      role.json().data.id,
    );
    expect(outside.statusCode, outside.body).toBe(403);
    expect(outside.json().errors).toHaveProperty('node_id');
    expect(await placesOf('escalation@acme.test')).toEqual([]);
    // Within their part and their own role's reach, it is theirs to choose.
    const inside = await mapGroup(keeper, group.id, await o.nodeId('Bondi Junction'), role.json().data.id);
    expect(inside.statusCode, inside.body).toBe(200);
    expect(await placesOf('escalation@acme.test')).toEqual(['Bondi Junction/Settings keeper']);
  });
});

describe.runIf(onPostgres)('concurrent writes on PostgreSQL', () => {
  it('creates one group of a name when two directories’ requests race, and gives one position per member', async () => {
    const token = await acmeToken();
    const person = await s.createUser(token, 'racer@acme.test');
    const answers = await Promise.all(
      [1, 2, 3].map(() => s.call(token, 'POST', '/Groups', groupBody('Raced group', [person.id]))),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409]);
    const group = answers.find((a) => a.statusCode === 201)!.json();
    await mapped(OWNER, group.id, 'Parramatta', 'Team Member');
    const other = await createGroup(token, 'Raced twin');
    await mapped(OWNER, other.id, 'Parramatta', 'Team Member');
    // Both groups add the same person at once: one gives the position, the other finds it held.
    await Promise.all([
      expectPatched(token, other.id, [{ op: 'add', path: 'members', value: [{ value: person.id }] }]),
      mapped(OWNER, group.id, 'Bondi Junction', 'Team Member').then(() =>
        mapped(OWNER, group.id, 'Parramatta', 'Team Member'),
      ),
    ]);
    expect(await placesOf('racer@acme.test')).toEqual(['Parramatta/Team Member']);
  });
});
