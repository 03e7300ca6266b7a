import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NodeRecord, TreeNode } from '../../contract/api/hierarchy';
import { AREA, OWNER, STORE } from './helpers/acmePeople';
import { createTestApp, type InjectOptions, type TestApp } from './helpers/app';
import { organisation } from './helpers/organisation';
import { expectEachRefused } from './helpers/refusals';

let t: TestApp;
let org: ReturnType<typeof organisation>;
// An Administrator whose position is Sydney Metro: full hierarchy capabilities, area scope.
const SCOPED = 'metro.admin@acme.test';

beforeAll(async () => {
  t = await createTestApp();
  org = organisation(t);
  await org.addUser(SCOPED, 'Sydney Metro', 'Administrator');
});
afterAll(() => t.close());

const call = (as: string, options: InjectOptions) => t.injectAs(as, options);
// The demo Area Manager at Sydney Metro: hierarchy read and update, no create or delete.
// The demo Store Manager: no hierarchy module at all.

function flatten(nodes: TreeNode[]): TreeNode[] {
  return nodes.flatMap((n) => [n, ...flatten(n.children)]);
}

describe('GET /api/hierarchy/tree/fetch', () => {
  it('gives the owner the whole tree with workspace objects, seconds and head counts', async () => {
    const res = await call(OWNER, { url: '/api/hierarchy/tree/fetch' });
    expect(res.statusCode).toBe(200);
    const tree = res.json().data as TreeNode[];
    expect(tree).toHaveLength(1);
    const [root] = tree;
    expect(root).toMatchObject({ name: 'Acme Retail', type: 'root', level: 0, parent_id: null });
    expect(root!.children.map((c) => c.name)).toEqual(['New South Wales', 'Victoria', 'Unassigned']);
    const all = flatten(tree);
    expect(all.filter((n) => n.type === 'workspace')).toHaveLength(12);
    const cbd = all.find((n) => n.name === 'Sydney CBD')!;
    expect(cbd).toMatchObject({ type: 'workspace', level: 3, status: 'active' });
    expect(cbd.object).toMatchObject({
      identifier: 'NSW-001',
      street_line1: '1 George Street',
      postcode: '2000',
      timezone: 'Australia/Sydney',
      open_at: Date.parse('2019-03-01T00:00:00Z') / 1000,
    });
    expect(cbd.object_id).toBe(cbd.object!.id);
    // store@, staff@ and the generated team members 1, 13, 25, 37.
    expect(cbd.user_count).toBe(6);
    expect(all.find((n) => n.type === 'container')!.object).toBeNull();
  });

  it('keeps an area manager to their area', async () => {
    const res = await call(AREA, { url: '/api/hierarchy/tree/fetch' });
    expect(res.statusCode).toBe(200);
    const tree = res.json().data as TreeNode[];
    expect(tree.map((n) => n.name)).toEqual(['Sydney Metro']);
    expect(tree[0]!.children.map((n) => n.name)).toEqual(['Bondi Junction', 'Parramatta', 'Sydney CBD']);
    expect(flatten(tree)).toHaveLength(4);
  });

  it('shows another tenant nothing of Acme', async () => {
    const res = await call('owner@globex.test', { url: '/api/hierarchy/tree/fetch' });
    const names = flatten(res.json().data).map((n: TreeNode) => n.name);
    expect(names).toContain('Springfield');
    expect(names).not.toContain('Sydney CBD');
  });

  it('needs a session and hierarchy.read', async () => {
    expect((await t.inject({ url: '/api/hierarchy/tree/fetch' })).statusCode).toBe(401);
    expect((await call('staff@acme.test', { url: '/api/hierarchy/tree/fetch' })).statusCode).toBe(403);
    expect((await call('store@acme.test', { url: '/api/hierarchy/tree/fetch' })).statusCode).toBe(403);
  });
});

describe('GET /api/hierarchy/node/get', () => {
  it('answers a node with its ancestors and counts', async () => {
    const metro = await org.node('Sydney Metro');
    const res = await call(OWNER, { url: '/api/hierarchy/node/get', query: { id: metro.id } });
    expect(res.statusCode).toBe(200);
    const data = res.json().data as NodeRecord;
    expect(data).toMatchObject({ name: 'Sydney Metro', type: 'container', level: 2, child_count: 3 });
    expect(data.ancestors.map((a) => a.name)).toEqual(['Acme Retail', 'New South Wales']);
    expect(data.descendant_count).toBe(3);
    expect(data.user_count).toBe(2); // area@ and the scoped administrator of this suite
    expect(data.subtree_user_count).toBeGreaterThan(10);
    expect(data.object).toBeNull();
  });

  it('refuses a bad id with 400', async () => {
    const res = await call(OWNER, { url: '/api/hierarchy/node/get', query: { id: 'abc' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('id');
  });

  it('needs a session and hierarchy.read', async () => {
    const cbd = await org.node('Sydney CBD');
    expect((await t.inject({ url: '/api/hierarchy/node/get', query: { id: cbd.id } })).statusCode).toBe(401);
    expect(
      (await call('staff@acme.test', { url: '/api/hierarchy/node/get', query: { id: cbd.id } })).statusCode,
    ).toBe(403);
  });

  it('answers 404 for another tenant’s node and 403 outside the caller’s area', async () => {
    const springfield = await org.node('Springfield', 'globex');
    expect(
      (await call(OWNER, { url: '/api/hierarchy/node/get', query: { id: springfield.id } })).statusCode,
    ).toBe(404);
    const melbourne = await org.node('Melbourne Central');
    expect(
      (await call(AREA, { url: '/api/hierarchy/node/get', query: { id: melbourne.id } })).statusCode,
    ).toBe(403);
    const cbd = await org.node('Sydney CBD');
    expect((await call(AREA, { url: '/api/hierarchy/node/get', query: { id: cbd.id } })).statusCode).toBe(
      200,
    );
  });
});

const create = (as: string, payload: unknown) =>
  call(as, { method: 'POST', url: '/api/hierarchy/node/create', payload });

describe('POST /api/hierarchy/node/create', () => {
  it('adds a container and a workspace with its object, at the right levels', async () => {
    const nsw = await org.node('New South Wales');
    const area = await create(OWNER, { parent_id: nsw.id, type: 'container', name: 'Hunter Valley' });
    expect(area.statusCode).toBe(200);
    const container = area.json().data as NodeRecord;
    expect(container).toMatchObject({ type: 'container', level: 2, parent_id: nsw.id, status: 'active' });
    expect((await org.node('Hunter Valley')).path).toBe(`${nsw.path}${container.id}/`);

    const res = await create(OWNER, {
      parent_id: container.id,
      type: 'workspace',
      name: '  Maitland  ',
      object: {
        identifier: 'NSW-201',
        street_line1: '1 High Street',
        city: 'Maitland',
        postcode: '2320',
        open_at: 1_700_000_000,
        timezone: 'Australia/Sydney',
      },
    });
    expect(res.statusCode).toBe(200);
    const store = res.json().data as NodeRecord;
    expect(store).toMatchObject({ name: 'Maitland', type: 'workspace', level: 3, status: 'active' });
    expect(store.object).toMatchObject({
      identifier: 'NSW-201',
      city: 'Maitland',
      open_at: 1_700_000_000,
      timezone: 'Australia/Sydney',
      street_line2: '',
    });
    expect(store.object_id).toBe(store.object!.id);
  });

  it('refuses any type but container or workspace with “Node Type Error” and writes nothing', async () => {
    const nsw = await org.node('New South Wales');
    const before = await org.nodeCount();
    for (const type of ['root', 'unassigned', 'store', '']) {
      const res = await create(OWNER, { parent_id: nsw.id, type, name: 'Nope' });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Node Type Error');
    }
    expect(await org.nodeCount()).toBe(before);
  });

  it('refuses children under a workspace or the unassigned node', async () => {
    const before = await org.nodeCount();
    for (const parent of ['Sydney CBD', 'Unassigned']) {
      const { id } = await org.node(parent);
      const res = await create(OWNER, { parent_id: id, type: 'container', name: 'Inside' });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toHaveProperty('parent_id');
    }
    expect(
      (
        await create(OWNER, {
          parent_id: (await org.node('Sydney CBD')).id,
          type: 'workspace',
          name: 'X',
          object: { identifier: 'X-1' },
        })
      ).json().message,
    ).toBe('A workspace cannot have children');
    expect(await org.nodeCount()).toBe(before);
  });

  it('refuses bad input with 400 and field errors, writing nothing', async () => {
    const nsw = await org.node('New South Wales');
    const before = await org.nodeCount();
    const cases: [unknown, string][] = [
      [{ parent_id: nsw.id, type: 'container' }, 'name'],
      [{ parent_id: nsw.id, type: 'container', name: '   ' }, 'name'],
      [{ type: 'container', name: 'A' }, 'parent_id'],
      [{ parent_id: nsw.id, type: 'workspace', name: 'No code' }, 'object.identifier'],
      [
        {
          parent_id: nsw.id,
          type: 'workspace',
          name: 'Zone',
          object: { identifier: 'Z-1', timezone: 'Mars/Base' },
        },
        'object.timezone',
      ],
      [
        {
          parent_id: nsw.id,
          type: 'workspace',
          name: 'Open',
          object: { identifier: 'Z-2', open_at: 'soon' },
        },
        'object.open_at',
      ],
      [{ parent_id: nsw.id, type: 'container', name: 'Obj', object: { identifier: 'Z-3' } }, 'object'],
    ];
    await expectEachRefused(
      cases,
      (payload) => create(OWNER, payload),
      () => org.nodeCount(),
      before,
    );
  });

  it('keeps identifiers unique in the tenant, ignoring case (409)', async () => {
    const metro = await org.node('Sydney Metro');
    const before = await org.nodeCount();
    const res = await create(OWNER, {
      parent_id: metro.id,
      type: 'workspace',
      name: 'Twin',
      object: { identifier: 'nsw-001' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/already used by Sydney CBD/);
    expect(res.json().errors).toHaveProperty(['object.identifier']);
    expect(await org.nodeCount()).toBe(before);
    // Another tenant's identifiers do not count.
    const globexRoot = await org.node('North', 'globex');
    const other = await call('owner@globex.test', {
      method: 'POST',
      url: '/api/hierarchy/node/create',
      payload: {
        parent_id: globexRoot.id,
        type: 'workspace',
        name: 'Sydney twin',
        object: { identifier: 'NSW-001' },
      },
    });
    expect(other.statusCode).toBe(200);
  });

  it('refuses a new active workspace past max_active_workspace with 409 naming the limit', async () => {
    const metro = await org.node('Sydney Metro');
    const active = await org.activeWorkspaces();
    await org.setMaxActive(active);
    try {
      const before = await org.nodeCount();
      const res = await create(OWNER, {
        parent_id: metro.id,
        type: 'workspace',
        name: 'Over',
        object: { identifier: 'OVER-1' },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toContain(`limit of ${active} active stores`);
      expect(await org.nodeCount()).toBe(before);
      // Containers do not count against the limit.
      expect(
        (await create(OWNER, { parent_id: metro.id, type: 'container', name: 'Kiosks' })).statusCode,
      ).toBe(200);
    } finally {
      await org.setMaxActive(50);
    }
  });

  it('needs a session and hierarchy.create', async () => {
    const metro = await org.node('Sydney Metro');
    const payload = { parent_id: metro.id, type: 'container', name: 'Denied' };
    expect((await t.inject({ method: 'POST', url: '/api/hierarchy/node/create', payload })).statusCode).toBe(
      401,
    );
    // The demo Area Manager organises their area but does not add nodes to it.
    expect((await create(AREA, payload)).statusCode).toBe(403);
    await expect(org.node('Denied')).rejects.toThrow();
  });

  it('answers 404 for another tenant’s parent and 403 outside the caller’s area', async () => {
    const north = await org.node('North', 'globex');
    expect((await create(OWNER, { parent_id: north.id, type: 'container', name: 'Stolen' })).statusCode).toBe(
      404,
    );
    const melbourne = await org.node('Melbourne Metro');
    expect(
      (await create(SCOPED, { parent_id: melbourne.id, type: 'container', name: 'Outside' })).statusCode,
    ).toBe(403);
    const metro = await org.node('Sydney Metro');
    expect(
      (await create(SCOPED, { parent_id: metro.id, type: 'container', name: 'Inner West' })).statusCode,
    ).toBe(200);
  });
});

const update = (as: string, payload: unknown) =>
  call(as, { method: 'PUT', url: '/api/hierarchy/node/update', payload });

describe('PUT /api/hierarchy/node/update', () => {
  it('renames a node and edits a workspace object', async () => {
    const bondi = await org.node('Bondi Junction');
    const res = await update(OWNER, {
      id: bondi.id,
      name: 'Bondi Junction Westfield',
      object: { contact: '02 9000 0000', open_at: null, street_line2: 'Level 2' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      name: 'Bondi Junction Westfield',
      object: { identifier: 'NSW-003', contact: '02 9000 0000', open_at: null, street_line2: 'Level 2' },
    });
  });

  it('moves a subtree and keeps levels and paths right at every depth', async () => {
    const nsw = await org.node('New South Wales');
    const made = await create(OWNER, { parent_id: nsw.id, type: 'container', name: 'Move Me' });
    const area = made.json().data as NodeRecord;
    const inner = (
      await create(OWNER, { parent_id: area.id, type: 'container', name: 'Move Me Inner' })
    ).json().data as NodeRecord;
    const store = (
      await create(OWNER, {
        parent_id: inner.id,
        type: 'workspace',
        name: 'Move Me Store',
        object: { identifier: 'MOVE-1' },
      })
    ).json().data as NodeRecord;
    expect(store.level).toBe(4);

    const vic = await org.node('Victoria');
    const melbourne = await org.node('Melbourne Metro');
    const res = await update(OWNER, { id: area.id, parent_id: melbourne.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ parent_id: melbourne.id, level: 3 });
    const movedInner = await org.maybeNode(inner.id);
    const movedStore = await org.maybeNode(store.id);
    expect(movedInner).toMatchObject({ level: 4, path: `${melbourne.path}${area.id}/${inner.id}/` });
    expect(movedStore).toMatchObject({
      level: 5,
      path: `${melbourne.path}${area.id}/${inner.id}/${store.id}/`,
    });
    expect(melbourne.path.startsWith(vic.path)).toBe(true);

    // Up to the root: everything climbs back.
    const root = await org.node('Acme Retail');
    expect((await update(OWNER, { id: inner.id, parent_id: root.id })).statusCode).toBe(200);
    expect(await org.maybeNode(inner.id)).toMatchObject({ level: 1, path: `${root.path}${inner.id}/` });
    expect(await org.maybeNode(store.id)).toMatchObject({
      level: 2,
      path: `${root.path}${inner.id}/${store.id}/`,
    });
  });

  it('refuses moving a node under itself or its descendants, under a workspace, and moving root or unassigned', async () => {
    const nsw = await org.node('New South Wales');
    const metro = await org.node('Sydney Metro');
    const cbd = await org.node('Sydney CBD');
    const root = await org.node('Acme Retail');
    const unassigned = await org.node('Unassigned');
    const cases: [unknown, RegExp][] = [
      [{ id: nsw.id, parent_id: nsw.id }, /under itself or one of its descendants/],
      [{ id: nsw.id, parent_id: metro.id }, /under itself or one of its descendants/],
      [{ id: metro.id, parent_id: cbd.id }, /workspace cannot have children/],
      [{ id: metro.id, parent_id: unassigned.id }, /unassigned node only holds people/],
      [{ id: root.id, parent_id: nsw.id }, /root node cannot be moved/],
      [{ id: unassigned.id, parent_id: nsw.id }, /unassigned node cannot be moved/],
    ];
    for (const [payload, message] of cases) {
      const res = await update(OWNER, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect(await org.maybeNode(nsw.id)).toMatchObject({ parentId: root.id, level: 1, path: nsw.path });
    expect(await org.maybeNode(metro.id)).toMatchObject({ parentId: nsw.id, path: metro.path });
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    const metro = await org.node('Sydney Metro');
    for (const payload of [
      { name: 'x' },
      { id: metro.id, name: '' },
      { id: metro.id, name: '  ' },
      { id: metro.id, object: { city: 'X' } },
    ]) {
      const res = await update(OWNER, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await org.node('Sydney Metro')).name).toBe('Sydney Metro');
    const cbd = await org.node('Sydney CBD');
    const dup = await update(OWNER, { id: cbd.id, name: 'Renamed CBD', object: { identifier: 'VIC-001' } });
    expect(dup.statusCode).toBe(409);
    // The rename in the same call was rolled back with the failed object edit.
    expect((await org.maybeNode(cbd.id))!.name).toBe('Sydney CBD');
  });

  it('needs a session and hierarchy.update', async () => {
    const cbd = await org.node('Sydney CBD');
    expect(
      (
        await t.inject({
          method: 'PUT',
          url: '/api/hierarchy/node/update',
          payload: { id: cbd.id, name: 'X' },
        })
      ).statusCode,
    ).toBe(401);
    expect((await update(STORE, { id: cbd.id, name: 'X' })).statusCode).toBe(403);
    expect((await org.maybeNode(cbd.id))!.name).toBe('Sydney CBD');
  });

  it('lets the demo area manager organise their own area and nothing outside it', async () => {
    const parramatta = await org.node('Parramatta');
    const geelong = await org.node('Geelong');
    expect((await update(AREA, { id: parramatta.id, name: 'Parramatta Westfield' })).statusCode).toBe(200);
    expect((await org.maybeNode(parramatta.id))!.name).toBe('Parramatta Westfield');
    expect((await update(AREA, { id: geelong.id, name: 'Mine' })).statusCode).toBe(403);
    expect((await update(AREA, { id: parramatta.id, name: 'Parramatta' })).statusCode).toBe(200);
  });

  it('answers 404 for another tenant’s node and keeps a scoped caller inside their area', async () => {
    const springfield = await org.node('Springfield', 'globex');
    expect((await update(OWNER, { id: springfield.id, name: 'Mine' })).statusCode).toBe(404);
    const metro = await org.node('Sydney Metro');
    const parramatta = await org.node('Parramatta');
    const melbourne = await org.node('Melbourne Metro');
    const geelong = await org.node('Geelong');
    expect((await update(SCOPED, { id: geelong.id, name: 'Mine' })).statusCode).toBe(403);
    expect((await update(SCOPED, { id: parramatta.id, parent_id: melbourne.id })).statusCode).toBe(403);
    expect((await update(SCOPED, { id: metro.id, parent_id: melbourne.id })).statusCode).toBe(403);
    expect((await org.maybeNode(parramatta.id))!.parentId).toBe(metro.id);
    expect((await update(SCOPED, { id: parramatta.id, name: 'Parramatta' })).statusCode).toBe(200);
  });
});

const remove = (as: string, ids: unknown) =>
  call(as, { method: 'DELETE', url: '/api/hierarchy/node/delete', payload: { ids } });

describe('DELETE /api/hierarchy/node/delete', () => {
  it('deletes subtrees and moves their people to the unassigned node with their roles', async () => {
    const vic = await org.node('Victoria');
    const regional = await org.node('Regional Victoria');
    const geelong = await org.node('Geelong');
    const person = 'member.geelong@acme.test';
    await org.addUser(person, 'Geelong', 'Store Manager');
    const [before] = await org.positionsOf(person);
    const workspacesBefore = await org.rawCount('workspaces');
    const positionsBefore = await org.rawCount('positions');

    // Choosing a node and one below it deletes the subtree once.
    const res = await remove(OWNER, [regional.id, geelong.id]);
    expect(res.statusCode).toBe(200);
    const unassigned = await org.node('Unassigned');
    expect(res.json().data).toMatchObject({ deleted: 4, unassigned_id: unassigned.id });
    expect(res.json().data.moved_users).toBeGreaterThan(1);
    expect(await org.maybeNode(regional.id)).toBeUndefined();
    expect(await org.maybeNode(geelong.id)).toBeUndefined();
    expect(await org.rawCount('workspaces')).toBe(workspacesBefore - 3);
    expect(await org.rawCount('positions')).toBe(positionsBefore);
    const [after] = await org.positionsOf(person);
    expect(after).toMatchObject({ nodeId: unassigned.id, roleId: before!.roleId });
    expect(await org.maybeNode(vic.id)).toBeDefined();
  });

  it('never deletes the root or the unassigned node', async () => {
    const root = await org.node('Acme Retail');
    const unassigned = await org.node('Unassigned');
    const metro = await org.node('Sydney Metro');
    const before = await org.nodeCount();
    for (const ids of [[root.id], [unassigned.id], [metro.id, unassigned.id]]) {
      const res = await remove(OWNER, ids);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/cannot be deleted/);
    }
    expect(await org.nodeCount()).toBe(before);
  });

  it('refuses bad input with 400', async () => {
    const before = await org.nodeCount();
    for (const ids of [[], 'all', [0], undefined]) expect((await remove(OWNER, ids)).statusCode).toBe(400);
    expect(await org.nodeCount()).toBe(before);
  });

  it('needs a session and hierarchy.delete', async () => {
    const cbd = await org.node('Sydney CBD');
    expect(
      (await t.inject({ method: 'DELETE', url: '/api/hierarchy/node/delete', payload: { ids: [cbd.id] } }))
        .statusCode,
    ).toBe(401);
    expect((await remove(AREA, [cbd.id])).statusCode).toBe(403);
    expect(await org.maybeNode(cbd.id)).toBeDefined();
  });

  it('answers 404 for another tenant’s node and keeps a scoped caller inside their area', async () => {
    const springfield = await org.node('Springfield', 'globex');
    const metro = await org.node('Sydney Metro');
    const before = await org.nodeCount();
    expect((await remove(OWNER, [springfield.id])).statusCode).toBe(404);
    expect((await remove(OWNER, [metro.id, springfield.id])).statusCode).toBe(404);
    const chadstone = await org.node('Chadstone');
    expect((await remove(SCOPED, [chadstone.id])).statusCode).toBe(403);
    expect((await remove(SCOPED, [metro.id])).statusCode).toBe(403);
    expect(await org.nodeCount()).toBe(before);
  });
});

const assignList = (as: string, query: Record<string, string | number>) =>
  call(as, { url: '/api/hierarchy/assign/list', query });

describe('GET /api/hierarchy/assign/list', () => {
  it('lists the positions held at a node, paged and searchable', async () => {
    const cbd = await org.node('Sydney CBD');
    const res = await assignList(OWNER, { node_id: cbd.id, page: 1, per_page: 4 });
    expect(res.statusCode).toBe(200);
    const page = res.json().data;
    expect(page).toMatchObject({ total: 6, page: 1, per_page: 4 });
    expect(page.data).toHaveLength(4);
    const second = (await assignList(OWNER, { node_id: cbd.id, page: 2, per_page: 4 })).json().data;
    expect(second.data).toHaveLength(2);
    const found = (await assignList(OWNER, { node_id: cbd.id, search_key: 'sophie' })).json().data;
    expect(found.total).toBe(1);
    expect(found.data[0]).toMatchObject({
      username: 'store@acme.test',
      role_name: 'Store Manager',
      node_id: cbd.id,
      node_name: 'Sydney CBD',
    });
    const [held] = await org.positionsOf('store@acme.test');
    expect(found.data[0].id).toBe(held!.id);
    const byRole = (await assignList(OWNER, { node_id: cbd.id, search_key: 'store manager' })).json().data;
    expect(byRole.total).toBe(1);
    expect((await assignList(OWNER, { node_id: cbd.id, search_key: '%' })).json().data.total).toBe(0);
  });

  it('refuses bad input with 400', async () => {
    expect((await assignList(OWNER, {})).statusCode).toBe(400);
    const cbd = await org.node('Sydney CBD');
    expect((await assignList(OWNER, { node_id: cbd.id, per_page: 0 })).statusCode).toBe(400);
  });

  it('needs a session and hierarchy.read; 404 for another tenant; 403 outside the area', async () => {
    const cbd = await org.node('Sydney CBD');
    expect(
      (await t.inject({ url: '/api/hierarchy/assign/list', query: { node_id: cbd.id } })).statusCode,
    ).toBe(401);
    expect((await assignList('staff@acme.test', { node_id: cbd.id })).statusCode).toBe(403);
    const springfield = await org.node('Springfield', 'globex');
    expect((await assignList(OWNER, { node_id: springfield.id })).statusCode).toBe(404);
    const melbourne = await org.node('Melbourne Central');
    expect((await assignList(AREA, { node_id: melbourne.id })).statusCode).toBe(403);
    expect((await assignList(AREA, { node_id: cbd.id })).json().data.total).toBe(6);
  });
});

describe('GET /api/hierarchy/node/listObject', () => {
  it('lists the users at a node and everywhere below it', async () => {
    const metro = await org.node('Sydney Metro');
    const res = await call(OWNER, {
      url: '/api/hierarchy/node/listObject',
      query: { node_id: metro.id, type: 'user', per_page: 100 },
    });
    expect(res.statusCode).toBe(200);
    const names = res.json().data.data.map((a: { username: string }) => a.username);
    expect(names).toEqual(
      expect.arrayContaining(['area@acme.test', 'store@acme.test', 'staff@acme.test', 'reset@acme.test']),
    );
    expect(names).not.toContain('owner@acme.test');
    const searched = await call(AREA, {
      url: '/api/hierarchy/node/listObject',
      query: { node_id: metro.id, type: 'user', search_key: 'riley' },
    });
    expect(searched.json().data.data.map((a: { node_name: string }) => a.node_name)).toEqual(['Parramatta']);
  });

  it('only lists users (400 for another type or no node)', async () => {
    const metro = await org.node('Sydney Metro');
    expect(
      (
        await call(OWNER, {
          url: '/api/hierarchy/node/listObject',
          query: { node_id: metro.id, type: 'workspace' },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (await call(OWNER, { url: '/api/hierarchy/node/listObject', query: { node_id: metro.id } })).statusCode,
    ).toBe(400);
    expect(
      (await call(OWNER, { url: '/api/hierarchy/node/listObject', query: { type: 'user' } })).statusCode,
    ).toBe(400);
  });

  it('needs a session and hierarchy.read; 404 for another tenant; 403 outside the area', async () => {
    const metro = await org.node('Sydney Metro');
    const query = { node_id: metro.id, type: 'user' };
    expect((await t.inject({ url: '/api/hierarchy/node/listObject', query })).statusCode).toBe(401);
    expect((await call('store@acme.test', { url: '/api/hierarchy/node/listObject', query })).statusCode).toBe(
      403,
    );
    const north = await org.node('North', 'globex');
    expect(
      (
        await call(OWNER, {
          url: '/api/hierarchy/node/listObject',
          query: { node_id: north.id, type: 'user' },
        })
      ).statusCode,
    ).toBe(404);
    const vic = await org.node('Victoria');
    expect(
      (await call(AREA, { url: '/api/hierarchy/node/listObject', query: { node_id: vic.id, type: 'user' } }))
        .statusCode,
    ).toBe(403);
  });
});

const transfer = (as: string, payload: unknown) =>
  call(as, { method: 'PUT', url: '/api/hierarchy/assign/transfer', payload });

describe('PUT /api/hierarchy/assign/transfer', () => {
  it('moves positions to another node and keeps their roles', async () => {
    const person = 'transfer.me@acme.test';
    await org.addUser(person, 'Parramatta', 'Team Member');
    const [before] = await org.positionsOf(person);
    const cbd = await org.node('Sydney CBD');
    const res = await transfer(OWNER, { ids: [before!.id], node_id: cbd.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ moved: 1, node_id: cbd.id });
    const [after] = await org.positionsOf(person);
    expect(after).toMatchObject({ id: before!.id, nodeId: cbd.id, roleId: before!.roleId });
  });

  it('merges a position into the same one the user already holds there', async () => {
    const person = 'double@acme.test';
    await org.addUser(person, 'Parramatta', 'Team Member');
    const user = await t.userByUsername(person);
    const cbd = await org.node('Sydney CBD');
    const [first] = await org.positionsOf(person);
    const { positions } = await import('../../server/db/schema');
    await t.database.db
      .insert(positions)
      .values({ tenantId: user.tenantId, userId: user.id, nodeId: cbd.id, roleId: first!.roleId });
    expect((await transfer(OWNER, { ids: [first!.id], node_id: cbd.id })).statusCode).toBe(200);
    expect(await org.positionsOf(person)).toHaveLength(1);
  });

  it('refuses to move the last administrators away from the root (409), moving nothing', async () => {
    const role = await call(OWNER, {
      method: 'POST',
      url: '/api/role/create',
      payload: {
        name: 'Tree keeper',
        description: '',
        permissions: [{ id: 'hierarchy', status: 'active', capabilities: ['read', 'update'] }],
      },
    });
    expect(role.statusCode).toBe(200);
    await org.addUser('tree.keeper@acme.test', 'Acme Retail', 'Tree keeper');
    const root = await org.node('Acme Retail');
    const { positions, roles } = await import('../../server/db/schema');
    const { and, eq } = await import('drizzle-orm');
    const adminPositions = await t.database.db
      .select({ id: positions.id })
      .from(positions)
      .innerJoin(roles, and(eq(roles.tenantId, positions.tenantId), eq(roles.id, positions.roleId)))
      .where(and(eq(positions.nodeId, root.id), eq(roles.name, 'Administrator')));
    const cbd = await org.node('Sydney CBD');
    const ids = adminPositions.map((p) => p.id);
    const res = await transfer('tree.keeper@acme.test', { ids, node_id: cbd.id });
    expect(res.statusCode).toBe(409);
    expect((await org.positionsOf(OWNER))[0]!.nodeId).toBe(root.id);
  });

  it('refuses bad input with 400 and moves nothing', async () => {
    const cbd = await org.node('Sydney CBD');
    for (const payload of [{ ids: [], node_id: cbd.id }, { ids: [1] }, { ids: 'x', node_id: cbd.id }]) {
      expect((await transfer(OWNER, payload)).statusCode).toBe(400);
    }
    // Nobody may move the position they are signed in with.
    const [own] = await org.positionsOf(OWNER);
    const res = await transfer(OWNER, { ids: [own!.id], node_id: cbd.id });
    expect(res.statusCode).toBe(400);
    expect((await org.positionsOf(OWNER))[0]!.nodeId).toBe(own!.nodeId);
  });

  it('needs a session and hierarchy.update', async () => {
    const [staff] = await org.positionsOf('staff@acme.test');
    const parramatta = await org.node('Parramatta');
    const payload = { ids: [staff!.id], node_id: parramatta.id };
    expect(
      (await t.inject({ method: 'PUT', url: '/api/hierarchy/assign/transfer', payload })).statusCode,
    ).toBe(401);
    expect((await transfer(STORE, payload)).statusCode).toBe(403);
    expect((await org.positionsOf('staff@acme.test'))[0]!.nodeId).toBe(staff!.nodeId);
  });

  it('answers 404 for another tenant’s node or position and 403 outside the area', async () => {
    const [staff] = await org.positionsOf('staff@acme.test');
    const [homer] = await org.positionsOf('staff@globex.test');
    const springfield = await org.node('Springfield', 'globex');
    const parramatta = await org.node('Parramatta');
    const geelongArea = await org.node('Melbourne Central');
    expect((await transfer(OWNER, { ids: [staff!.id], node_id: springfield.id })).statusCode).toBe(404);
    expect((await transfer(OWNER, { ids: [homer!.id], node_id: parramatta.id })).statusCode).toBe(404);
    // Out of the area: the target, or the people.
    expect((await transfer(SCOPED, { ids: [staff!.id], node_id: geelongArea.id })).statusCode).toBe(403);
    const [outside] = await org.positionsOf('isla.chen.7@acme.test');
    expect((await transfer(SCOPED, { ids: [outside!.id], node_id: parramatta.id })).statusCode).toBe(403);
    expect((await org.positionsOf('staff@acme.test'))[0]!.nodeId).toBe(staff!.nodeId);
    expect((await org.positionsOf('staff@globex.test'))[0]!.nodeId).toBe(homer!.nodeId);
  });
});

describe('tree/fetch revalidation (ETag)', () => {
  const fetchTree = (as: string, headers: Record<string, string> = {}) =>
    call(as, { url: '/api/hierarchy/tree/fetch', headers });

  it('sends an ETag that browsers must revalidate, and 304 with no body when it still matches', async () => {
    const first = await fetchTree(OWNER);
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');

    const again = await fetchTree(OWNER, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    // A list of tags and the strong form of the same tag match too.
    const strong = etag.replace(/^W\//, '');
    expect((await fetchTree(OWNER, { 'if-none-match': `"other", ${strong}` })).statusCode).toBe(304);
    expect((await fetchTree(OWNER, { 'if-none-match': '"other"' })).statusCode).toBe(200);
  });

  it('answers a compressed copy that is the same document', async () => {
    const plain = await fetchTree(OWNER);
    const br = await fetchTree(OWNER, { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    const { brotliDecompressSync } = await import('node:zlib');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.headers.etag).toBe(plain.headers.etag);
  });

  it('changes the ETag with every node, workspace or position write', async () => {
    const before = await fetchTree(OWNER);
    const nsw = await org.node('New South Wales');
    const made = (await create(OWNER, { parent_id: nsw.id, type: 'container', name: 'Etag Area' })).json()
      .data as NodeRecord;
    const afterCreate = await fetchTree(OWNER, { 'if-none-match': before.headers.etag as string });
    expect(afterCreate.statusCode).toBe(200);
    expect(flatten(afterCreate.json().data).map((n) => n.name)).toContain('Etag Area');

    expect((await update(OWNER, { id: made.id, name: 'Etag Area Renamed' })).statusCode).toBe(200);
    const afterRename = await fetchTree(OWNER, { 'if-none-match': afterCreate.headers.etag as string });
    expect(afterRename.statusCode).toBe(200);
    expect(flatten(afterRename.json().data).find((n) => n.id === made.id)!.name).toBe('Etag Area Renamed');

    // A person placed at the node changes its head count.
    await org.addUser('etag.person@acme.test', 'Etag Area Renamed', 'Team Member');
    const afterPosition = await fetchTree(OWNER, { 'if-none-match': afterRename.headers.etag as string });
    expect(afterPosition.statusCode).toBe(200);
    expect(flatten(afterPosition.json().data).find((n) => n.id === made.id)!.user_count).toBe(1);
  });

  it('still limits a scoped caller to their subtree, under an ETag of its own', async () => {
    const owner = await fetchTree(OWNER);
    const area = await fetchTree(AREA, { 'if-none-match': owner.headers.etag as string });
    expect(area.statusCode).toBe(200);
    expect(area.headers.etag).not.toBe(owner.headers.etag);
    const tree = area.json().data as TreeNode[];
    expect(tree.map((n) => n.name)).toEqual(['Sydney Metro']);
    // The same subtree the owner sees, node for node.
    const metro = flatten(owner.json().data as TreeNode[]).find((n) => n.name === 'Sydney Metro');
    expect(tree).toEqual([metro]);
    expect((await fetchTree(AREA, { 'if-none-match': area.headers.etag as string })).statusCode).toBe(304);
  });

  it('gives verify the same nodes without objects and head counts, following writes', async () => {
    const tree = (await fetchTree(AREA)).json().data as TreeNode[];
    const strip = (nodes: TreeNode[]): unknown[] =>
      nodes.map(({ object: _o, user_count: _u, children, ...node }) => ({
        ...node,
        children: strip(children),
      }));
    const verified = await call(AREA, { url: '/api/user/verify' });
    expect(verified.json().data.hierarchy).toEqual(strip(tree));

    const cbd = await org.node('Sydney CBD');
    expect((await update(OWNER, { id: cbd.id, name: 'Sydney CBD $& $1' })).statusCode).toBe(200);
    const after = (await call(AREA, { url: '/api/user/verify' })).json().data;
    expect(flatten(after.hierarchy).map((n) => n.name)).toContain('Sydney CBD $& $1');
    expect(after.id).toBe(verified.json().data.id);
    expect((await update(OWNER, { id: cbd.id, name: 'Sydney CBD' })).statusCode).toBe(200);
  });

  it('never answers another tenant from Acme’s tree', async () => {
    const acme = await fetchTree(OWNER);
    const globex = await fetchTree('owner@globex.test', { 'if-none-match': acme.headers.etag as string });
    expect(globex.statusCode).toBe(200);
    expect(globex.headers.etag).not.toBe(acme.headers.etag);
    const names = flatten(globex.json().data).map((n: TreeNode) => n.name);
    expect(names).toContain('Springfield');
    expect(names).not.toContain('Sydney CBD');
  });
});
