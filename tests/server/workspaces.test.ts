import { describe, expect, it } from 'vitest';
import type { WorkspaceRecord } from '../../contract/api/workspaces';
import { AREA, OWNER, STAFF } from './helpers/acmePeople';
import { type InjectOptions, suiteApp } from './helpers/app';
import { organisation } from './helpers/organisation';
import { expectEachRefused } from './helpers/refusals';

const t = suiteApp();
const org = organisation(t);

const call = (as: string, options: InjectOptions) => t.injectAs(as, options);
const list = (as: string, query: Record<string, string | number> = {}) =>
  call(as, { url: '/api/workspace/list', query });
const objectIdOf = async (name: string, tenant = 'acme') => {
  const node = await org.node(name, tenant);
  const { workspaces } = await import('../../server/db/schema');
  const { and, eq } = await import('drizzle-orm');
  const [row] = await t.database.db
    .select({ id: workspaces.id })
    .from(workspaces)
    .where(and(eq(workspaces.tenantId, node.tenantId), eq(workspaces.nodeId, node.id)));
  return row!.id;
};

describe('GET /api/workspace/list', () => {
  it('pages, sorts, searches and filters the workspaces in scope', async () => {
    const res = await list(OWNER, { page: 1, per_page: 5 });
    expect(res.statusCode).toBe(200);
    const page = res.json().data;
    expect(page).toMatchObject({ total: 12, page: 1, per_page: 5 });
    expect(page.data.map((w: WorkspaceRecord) => w.name)).toEqual([
      'Ballarat',
      'Bendigo',
      'Bondi Junction',
      'Broken Hill',
      'Chadstone',
    ]);
    const cbd = (await list(OWNER, { search_key: 'nsw-001' })).json().data.data[0] as WorkspaceRecord;
    expect(cbd).toMatchObject({
      name: 'Sydney CBD',
      identifier: 'NSW-001',
      status: 'active',
      parent_name: 'Sydney Metro',
      location: 'New South Wales › Sydney Metro',
      open_at: Date.parse('2019-03-01T00:00:00Z') / 1000,
      timezone: 'Australia/Sydney',
      user_count: 6,
    });
    expect(cbd.id).toBe(await objectIdOf('Sydney CBD'));
    const byCode = (await list(OWNER, { sort: 'identifier', order: 'desc', per_page: 2 })).json().data;
    expect(byCode.data.map((w: WorkspaceRecord) => w.identifier)).toEqual(['VIC-103', 'VIC-102']);
    expect((await list(OWNER, { search_key: 'melbourne' })).json().data.total).toBe(3);
    expect((await list(OWNER, { status: 'inactive' })).json().data.total).toBe(0);
    const regional = await org.node('Regional NSW');
    expect((await list(OWNER, { node_id: regional.id })).json().data.total).toBe(3);
  });

  it('keeps an area manager to the stores of their area', async () => {
    const res = await list(AREA);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.data.map((w: WorkspaceRecord) => w.name)).toEqual([
      'Bondi Junction',
      'Parramatta',
      'Sydney CBD',
    ]);
    const vic = await org.node('Victoria');
    expect((await list(AREA, { node_id: vic.id })).statusCode).toBe(403);
  });

  it('refuses bad input with 400', async () => {
    const queries: Record<string, string | number>[] = [
      { per_page: 0 },
      { page: 'x' },
      { sort: 'password' },
      { status: 'closed' },
    ];
    for (const query of queries) {
      expect((await list(OWNER, query)).statusCode, JSON.stringify(query)).toBe(400);
    }
  });

  it('needs a session and workspace.read; 404 for another tenant’s node', async () => {
    expect((await t.inject({ url: '/api/workspace/list' })).statusCode).toBe(401);
    expect((await list(STAFF)).statusCode).toBe(403);
    expect((await list('store@acme.test')).statusCode).toBe(403);
    const north = await org.node('North', 'globex');
    expect((await list(OWNER, { node_id: north.id })).statusCode).toBe(404);
    const globex = (await list('owner@globex.test')).json().data;
    expect(globex.data.map((w: WorkspaceRecord) => w.name)).toEqual(['Shelbyville', 'Springfield']);
  });
});

describe('GET /api/workspace/summary', () => {
  it('counts active workspaces against the tenant’s limit', async () => {
    const res = await call(OWNER, { url: '/api/workspace/summary' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ active: 12, inactive: 0, limit: 50 });
    expect((await call('owner@globex.test', { url: '/api/workspace/summary' })).json().data).toEqual({
      active: 2,
      inactive: 0,
      limit: 100,
    });
    expect((await t.inject({ url: '/api/workspace/summary' })).statusCode).toBe(401);
    expect((await call(STAFF, { url: '/api/workspace/summary' })).statusCode).toBe(403);
  });
});

describe('GET /api/workspace/get', () => {
  it('answers one workspace by its object id', async () => {
    const id = await objectIdOf('Geelong');
    const res = await call(OWNER, { url: '/api/workspace/get', query: { id } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id, name: 'Geelong', location: 'Victoria › Regional Victoria' });
  });

  it('refuses a bad id with 400, no session with 401, no capability with 403', async () => {
    const id = await objectIdOf('Geelong');
    expect((await call(OWNER, { url: '/api/workspace/get', query: { id: 'x' } })).statusCode).toBe(400);
    expect((await t.inject({ url: '/api/workspace/get', query: { id } })).statusCode).toBe(401);
    expect((await call(STAFF, { url: '/api/workspace/get', query: { id } })).statusCode).toBe(403);
  });

  it('answers 404 for another tenant’s workspace and 403 outside the area', async () => {
    const springfield = await objectIdOf('Springfield', 'globex');
    expect((await call(OWNER, { url: '/api/workspace/get', query: { id: springfield } })).statusCode).toBe(
      404,
    );
    const geelong = await objectIdOf('Geelong');
    expect((await call(AREA, { url: '/api/workspace/get', query: { id: geelong } })).statusCode).toBe(403);
    const cbd = await objectIdOf('Sydney CBD');
    expect((await call(AREA, { url: '/api/workspace/get', query: { id: cbd } })).statusCode).toBe(200);
  });
});

const create = (as: string, payload: unknown) =>
  call(as, { method: 'POST', url: '/api/workspace/create', payload });

describe('POST /api/workspace/create', () => {
  it('creates the node and its object under a container', async () => {
    const metro = await org.node('Sydney Metro');
    const res = await create(OWNER, {
      name: 'Chatswood',
      parent_id: metro.id,
      identifier: 'NSW-004',
      street_line1: '1 Anderson Street',
      suburb: 'Chatswood',
      city: 'Sydney',
      state: 'NSW',
      postcode: '2067',
      open_at: 1_600_000_000,
      timezone: 'Australia/Sydney',
    });
    expect(res.statusCode).toBe(200);
    const store = res.json().data as WorkspaceRecord;
    expect(store).toMatchObject({
      name: 'Chatswood',
      status: 'active',
      parent_id: metro.id,
      location: 'New South Wales › Sydney Metro',
      open_at: 1_600_000_000,
      user_count: 0,
    });
    expect(await org.maybeNode(store.node_id)).toMatchObject({ type: 'workspace', level: 3 });
    // It is part of the hierarchy at once, also for the area manager.
    expect((await list(AREA)).json().data.total).toBe(4);
  });

  it('refuses bad input with 400 and writes nothing', async () => {
    const metro = await org.node('Sydney Metro');
    const before = await org.nodeCount();
    const cases: [unknown, string][] = [
      [{ name: 'A', parent_id: metro.id }, 'identifier'],
      [{ name: 'A', parent_id: metro.id, identifier: '   ' }, 'identifier'],
      [{ parent_id: metro.id, identifier: 'A-1' }, 'name'],
      [{ name: 'A', identifier: 'A-1' }, 'parent_id'],
      [{ name: 'A', parent_id: metro.id, identifier: 'A-1', timezone: 'Sydney' }, 'timezone'],
      [{ name: 'A', parent_id: metro.id, identifier: 'A-1', open_at: -5 }, 'open_at'],
      [{ name: 'A', parent_id: metro.id, identifier: 'A-1', colour: 'red' }, 'colour'],
      [{ name: 'A', parent_id: (await org.node('Sydney CBD')).id, identifier: 'A-1' }, 'parent_id'],
    ];
    await expectEachRefused(
      cases,
      (payload) => create(OWNER, payload),
      () => org.nodeCount(),
      before,
    );
  });

  it('refuses an identifier already used in the tenant with 409', async () => {
    const metro = await org.node('Sydney Metro');
    const before = await org.nodeCount();
    const res = await create(OWNER, { name: 'Copy', parent_id: metro.id, identifier: 'Vic-001' });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors.identifier).toMatch(/already used by Melbourne Central/);
    expect(await org.nodeCount()).toBe(before);
  });

  it('refuses an active workspace past the limit (409 naming it) but allows an inactive one', async () => {
    const metro = await org.node('Sydney Metro');
    await org.setMaxActive(await org.activeWorkspaces());
    try {
      const res = await create(OWNER, { name: 'Over', parent_id: metro.id, identifier: 'OVER-1' });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(/limit of \d+ active stores/);
      const inactive = await create(OWNER, {
        name: 'Later',
        parent_id: metro.id,
        identifier: 'LATER-1',
        status: 'inactive',
      });
      expect(inactive.statusCode).toBe(200);
      expect(inactive.json().data.status).toBe('inactive');
    } finally {
      await org.setMaxActive(50);
    }
  });

  it('needs a session and workspace.create; 404 for another tenant’s parent', async () => {
    const metro = await org.node('Sydney Metro');
    const payload = { name: 'Denied', parent_id: metro.id, identifier: 'DENIED-1' };
    expect((await t.inject({ method: 'POST', url: '/api/workspace/create', payload })).statusCode).toBe(401);
    expect((await create(AREA, payload)).statusCode).toBe(403);
    const north = await org.node('North', 'globex');
    expect((await create(OWNER, { ...payload, parent_id: north.id })).statusCode).toBe(404);
    await expect(org.node('Denied')).rejects.toThrow();
  });
});

const update = (as: string, payload: unknown) =>
  call(as, { method: 'PUT', url: '/api/workspace/update', payload });

describe('PUT /api/workspace/update', () => {
  it('edits the fields, renames and moves the workspace', async () => {
    const id = await objectIdOf('Newcastle');
    const hunter = (
      await call(OWNER, {
        method: 'POST',
        url: '/api/hierarchy/node/create',
        payload: { parent_id: (await org.node('Regional NSW')).id, type: 'container', name: 'Hunter' },
      })
    ).json().data;
    const res = await update(OWNER, {
      id,
      name: 'Newcastle West',
      parent_id: hunter.id,
      contact: '02 4900 0000',
      open_at: null,
      // react-admin sends the whole record back: read-only fields are ignored.
      location: 'ignored',
      user_count: 99,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id,
      name: 'Newcastle West',
      parent_id: hunter.id,
      contact: '02 4900 0000',
      open_at: null,
      identifier: 'NSW-101',
      location: 'New South Wales › Regional NSW › Hunter',
    });
    expect((await org.node('Newcastle West')).level).toBe(4);
  });

  it('refuses bad input (400) and a taken identifier (409), changing nothing', async () => {
    const id = await objectIdOf('Wollongong');
    for (const payload of [{ id, name: '' }, { id, timezone: 'Nowhere/Town' }, { name: 'x' }]) {
      expect((await update(OWNER, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    const dup = await update(OWNER, {
      id,
      name: 'Gong',
      identifier: 'nsw-103',
    });
    expect(dup.statusCode).toBe(409);
    expect((await call(OWNER, { url: '/api/workspace/get', query: { id } })).json().data).toMatchObject({
      name: 'Wollongong',
      identifier: 'NSW-102',
    });
    // Its own identifier is no conflict.
    expect((await update(OWNER, { id, identifier: 'nsw-102' })).statusCode).toBe(200);
  });

  it('lets an area manager edit the stores of their area only', async () => {
    const parramatta = await objectIdOf('Parramatta');
    expect((await update(AREA, { id: parramatta, contact: 'parra@acme.test' })).statusCode).toBe(200);
    const ballarat = await objectIdOf('Ballarat');
    expect((await update(AREA, { id: ballarat, contact: 'x' })).statusCode).toBe(403);
    // Nor move one of theirs out of the area.
    const vic = await org.node('Victoria');
    expect((await update(AREA, { id: parramatta, parent_id: vic.id })).statusCode).toBe(403);
  });

  it('needs a session and workspace.update; 404 for another tenant’s workspace', async () => {
    const id = await objectIdOf('Bendigo');
    expect(
      (await t.inject({ method: 'PUT', url: '/api/workspace/update', payload: { id, name: 'X' } }))
        .statusCode,
    ).toBe(401);
    expect((await update(STAFF, { id, name: 'X' })).statusCode).toBe(403);
    const springfield = await objectIdOf('Springfield', 'globex');
    expect((await update(OWNER, { id: springfield, name: 'Mine' })).statusCode).toBe(404);
    expect((await org.node('Springfield', 'globex')).name).toBe('Springfield');
  });
});

const setStatus = (as: string, verb: 'activate' | 'deactivate', id: unknown) =>
  call(as, { method: 'PUT', url: `/api/workspace/${verb}`, payload: { id } });

describe('PUT /api/workspace/activate and /deactivate', () => {
  it('deactivates and activates, and an inactive store’s people lose that position', async () => {
    const id = await objectIdOf('Broken Hill');
    await org.addUser('broken.hill@acme.test', 'Broken Hill', 'Team Member');
    const summary = async () => (await call(OWNER, { url: '/api/workspace/summary' })).json().data;
    const before = await summary();
    const off = await setStatus(OWNER, 'deactivate', id);
    expect(off.statusCode).toBe(200);
    expect(off.json().data.status).toBe('inactive');
    const verify = await t.injectAs('broken.hill@acme.test', { url: '/api/user/verify' });
    expect(verify.statusCode).toBe(401);
    expect(verify.json().message).toMatch(/active workspace/);
    expect(await summary()).toMatchObject({ active: before.active - 1, inactive: before.inactive + 1 });
    // Again is harmless.
    expect((await setStatus(OWNER, 'deactivate', id)).statusCode).toBe(200);
    const on = await setStatus(OWNER, 'activate', id);
    expect(on.json().data.status).toBe('active');
    expect((await t.injectAs('broken.hill@acme.test', { url: '/api/user/verify' })).statusCode).toBe(200);
  });

  it('refuses to activate past max_active_workspace with 409 naming the limit', async () => {
    const id = await objectIdOf('Ballarat');
    expect((await setStatus(OWNER, 'deactivate', id)).statusCode).toBe(200);
    const active = await org.activeWorkspaces();
    await org.setMaxActive(active);
    try {
      const res = await setStatus(OWNER, 'activate', id);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(
        `The limit of ${active} active stores is reached (${active} are active). Deactivate one first, or ask Storeline support to raise the limit.`,
      );
      expect((await org.node('Ballarat')).status).toBe('inactive');
    } finally {
      await org.setMaxActive(50);
    }
    expect((await setStatus(OWNER, 'activate', id)).statusCode).toBe(200);
  });

  it('refuses bad input with 400', async () => {
    for (const id of [undefined, 'x', 0])
      expect((await setStatus(OWNER, 'deactivate', id)).statusCode).toBe(400);
  });

  it('needs a session and workspace.update; 404 for another tenant; 403 outside the area', async () => {
    const bondi = await objectIdOf('Bondi Junction');
    expect(
      (await t.inject({ method: 'PUT', url: '/api/workspace/deactivate', payload: { id: bondi } }))
        .statusCode,
    ).toBe(401);
    expect((await setStatus('store@acme.test', 'deactivate', bondi)).statusCode).toBe(403);
    const springfield = await objectIdOf('Springfield', 'globex');
    expect((await setStatus(OWNER, 'deactivate', springfield)).statusCode).toBe(404);
    expect((await org.node('Springfield', 'globex')).status).toBe('active');
    const docklands = await objectIdOf('Docklands');
    expect((await setStatus(AREA, 'deactivate', docklands)).statusCode).toBe(403);
    expect((await org.node('Docklands')).status).toBe('active');
    expect((await setStatus(AREA, 'deactivate', bondi)).statusCode).toBe(200);
    expect((await setStatus(AREA, 'activate', bondi)).statusCode).toBe(200);
  });
});

describe('Store Info: GET /api/storeinfo/list and /get', () => {
  it('shows a team member their own store and nothing else', async () => {
    const res = await call(STAFF, { url: '/api/storeinfo/list' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.data.map((w: WorkspaceRecord) => w.name)).toEqual(['Sydney CBD']);
    const cbd = await objectIdOf('Sydney CBD');
    expect((await call(STAFF, { url: '/api/storeinfo/get', query: { id: cbd } })).json().data).toMatchObject({
      name: 'Sydney CBD',
      street_line1: '1 George Street',
    });
    const parramatta = await objectIdOf('Parramatta');
    expect((await call(STAFF, { url: '/api/storeinfo/get', query: { id: parramatta } })).statusCode).toBe(
      403,
    );
  });

  it('shows an area manager the stores of their area, searchable', async () => {
    const res = await call(AREA, { url: '/api/storeinfo/list', query: { search_key: 'parra' } });
    expect(res.json().data.data.map((w: WorkspaceRecord) => w.name)).toEqual(['Parramatta']);
  });

  it('refuses bad input, no session, no capability and other tenants', async () => {
    expect((await call(STAFF, { url: '/api/storeinfo/list', query: { per_page: 5000 } })).statusCode).toBe(
      400,
    );
    expect((await call(STAFF, { url: '/api/storeinfo/get', query: { id: 'x' } })).statusCode).toBe(400);
    expect((await t.inject({ url: '/api/storeinfo/list' })).statusCode).toBe(401);
    expect((await call('operator@admin.test', { url: '/api/storeinfo/list' })).statusCode).toBe(403);
    const springfield = await objectIdOf('Springfield', 'globex');
    expect((await call(OWNER, { url: '/api/storeinfo/get', query: { id: springfield } })).statusCode).toBe(
      404,
    );
  });
});
