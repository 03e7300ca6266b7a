import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hierarchyNodes, rolePermissions, roles } from '../../server/db/schema';
import { createTestApp, type TestApp } from './helpers/app';
import { organisation } from './helpers/organisation';
import { expectEachRefused } from './helpers/refusals';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const tenantId = (identifier: string) => organisation(t).tenantId(identifier);
const roleId = (name: string, tenant = 'acme') => organisation(t).roleId(name, tenant);

async function roleCount() {
  const [row] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(roles);
  return row!.n;
}

type Permission = { id: string; status: 'active' | 'inactive'; capabilities: string[] };
const perm = (id: string, ...capabilities: string[]): Permission => ({ id, status: 'active', capabilities });

const createRole = (as: string, payload: Record<string, unknown>) =>
  t.injectAs(as, { method: 'POST', url: '/api/role/create', payload });
const updateRole = (as: string, payload: Record<string, unknown>) =>
  t.injectAs(as, { method: 'PUT', url: '/api/role/update', payload });
const deleteRole = (as: string, id: unknown) =>
  t.injectAs(as, { method: 'DELETE', url: '/api/role/delete', query: { id: String(id) } });

describe('GET /api/role/list', () => {
  it('lists the tenant’s roles with their permissions and holders (page 1, size 1000 as spec §9)', async () => {
    const res = await t.injectAs('owner@acme.test', {
      url: '/api/role/list',
      query: { page: 1, per_page: 1000 },
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ total: 4, page: 1, per_page: 1000 });
    expect(data.data.map((r: { name: string }) => r.name)).toEqual([
      'Administrator',
      'Area Manager',
      'Store Manager',
      'Team Member',
    ]);
    const team = data.data.find((r: { name: string }) => r.name === 'Team Member');
    expect(team.user_count).toBeGreaterThanOrEqual(41);
    expect(team.permissions).toContainEqual({
      id: 'mytasks',
      status: 'active',
      capabilities: ['read', 'complete'],
    });
    expect(data.data.every((r: { assignable: boolean }) => r.assignable)).toBe(true);
  });

  it('searches, sorts and pages', async () => {
    const res = await t.injectAs('owner@acme.test', {
      url: '/api/role/list',
      query: { q: 'manager', sort: 'name', order: 'desc', per_page: 1 },
    });
    expect(res.json().data.total).toBe(2);
    expect(res.json().data.data.map((r: { name: string }) => r.name)).toEqual(['Store Manager']);
    expect(
      (await t.injectAs('owner@acme.test', { url: '/api/role/list', query: { per_page: 1001 } })).statusCode,
    ).toBe(400);
  });

  it('tells an area manager which roles they may give', async () => {
    const res = await t.injectAs('area@acme.test', { url: '/api/role/list', query: { per_page: 1000 } });
    const assignable = Object.fromEntries(
      res.json().data.data.map((r: { name: string; assignable: boolean }) => [r.name, r.assignable]),
    );
    expect(assignable).toEqual({
      Administrator: false,
      'Area Manager': true,
      'Store Manager': true,
      'Team Member': true,
    });
  });

  it('serves people who manage users without role.read, and no one else', async () => {
    // The Store Manager role edits users but has no role module: the position editor still needs roles.
    expect((await t.injectAs('store@acme.test', { url: '/api/role/list' })).statusCode).toBe(200);
    expect((await t.injectAs('staff@acme.test', { url: '/api/role/list' })).statusCode).toBe(403);
    expect((await t.inject({ url: '/api/role/list' })).statusCode).toBe(401);
  });

  it('keeps tenants apart', async () => {
    const res = await t.injectAs('owner@globex.test', { url: '/api/role/list' });
    expect(res.json().data.total).toBe(4);
    const ids = res.json().data.data.map((r: { id: number }) => r.id);
    expect(ids).not.toContain(await roleId('Administrator'));
  });
});

describe('GET /api/role/get', () => {
  it('returns the role with its permission matrix', async () => {
    const res = await t.injectAs('area@acme.test', {
      url: '/api/role/get',
      query: { id: await roleId('Store Manager') },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'Store Manager', assignable: true });
    expect(res.json().data.permissions).toContainEqual(perm('audit', 'read', 'update'));
  });

  it('answers 400, 401, 403 and 404 as it should', async () => {
    const id = await roleId('Team Member');
    expect(
      (await t.injectAs('owner@acme.test', { url: '/api/role/get', query: { id: 'x' } })).statusCode,
    ).toBe(400);
    expect((await t.inject({ url: '/api/role/get', query: { id } })).statusCode).toBe(401);
    expect((await t.injectAs('store@acme.test', { url: '/api/role/get', query: { id } })).statusCode).toBe(
      403,
    );
    const globex = await roleId('Team Member', 'globex');
    expect(
      (await t.injectAs('owner@acme.test', { url: '/api/role/get', query: { id: globex } })).statusCode,
    ).toBe(404);
  });
});

describe('POST /api/role/create', () => {
  it('creates a role, keeping the catalogue’s order of capabilities', async () => {
    const res = await createRole('owner@acme.test', {
      name: '  Night Fill  ',
      description: 'Restocks after closing',
      permissions: [
        perm('mytasks', 'complete', 'READ'),
        { id: 'Compliance', status: 'inactive', capabilities: ['read'] },
        perm('profile', 'read'),
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      name: 'Night Fill',
      description: 'Restocks after closing',
      user_count: 0,
      permissions: [
        { id: 'compliance', status: 'inactive', capabilities: ['read'] },
        perm('mytasks', 'read', 'complete'),
        perm('profile', 'read'),
      ],
    });
  });

  it('refuses a name the tenant already uses with 409', async () => {
    const before = await roleCount();
    const res = await createRole('owner@acme.test', { name: 'store manager', permissions: [] });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors.name).toMatch(/already exists/);
    expect(await roleCount()).toBe(before);
    // Another tenant's names do not count.
    expect((await createRole('owner@globex.test', { name: 'Night Fill', permissions: [] })).statusCode).toBe(
      200,
    );
  });

  it('refuses bad input with 400, naming the module, and writes nothing', async () => {
    const before = await roleCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '   ', permissions: [] }, 'name'],
      [{ permissions: [] }, 'name'],
      [{ name: 'X' }, 'permissions'],
      [{ name: 'X', permissions: [perm('warehouse', 'read')] }, 'permissions.warehouse'],
      [{ name: 'X', permissions: [perm('tenant', 'read')] }, 'permissions.tenant'],
      [{ name: 'X', permissions: [perm('user', 'complete')] }, 'permissions.user'],
      [{ name: 'X', permissions: [perm('user', 'read'), perm('USER', 'update')] }, 'permissions.user'],
      [
        { name: 'X', permissions: [{ id: 'user', status: 'maybe', capabilities: [] }] },
        'permissions.0.status',
      ],
    ];
    await expectEachRefused(cases, (payload) => createRole('owner@acme.test', payload), roleCount, before);
  });

  it('needs a session and role.create', async () => {
    const payload = { name: 'Sneaky', permissions: [] };
    expect((await t.inject({ method: 'POST', url: '/api/role/create', payload })).statusCode).toBe(401);
    expect((await createRole('area@acme.test', payload)).statusCode).toBe(403);
  });

  it('refuses to grant capabilities the caller’s own role does not have', async () => {
    // A role editor who is not an administrator, placed at the root.
    const editor = await createRole('owner@acme.test', {
      name: 'Role Editor',
      permissions: [perm('role', 'create', 'read', 'update'), perm('profile', 'read')],
    });
    const [root] = await t.database.db
      .select({ id: hierarchyNodes.id })
      .from(hierarchyNodes)
      .where(and(eq(hierarchyNodes.tenantId, await tenantId('acme')), eq(hierarchyNodes.type, 'root')));
    const user = await t.injectAs('owner@acme.test', {
      method: 'POST',
      url: '/api/user/create',
      payload: {
        firstname: 'Rita',
        lastname: 'Roles',
        email: 'rita.roles@acme.test',
        password: 'rita-pass-123',
        assigns: [{ node_id: root!.id, role_id: editor.json().data.id }],
      },
    });
    expect(user.statusCode).toBe(200);
    const before = await roleCount();
    const res = await createRole('rita.roles@acme.test', {
      name: 'Settings Boss',
      permissions: [perm('setting', 'read', 'update'), perm('role', 'read')],
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/Setting read, Setting update/);
    expect(await roleCount()).toBe(before);
    const within = await createRole('rita.roles@acme.test', {
      name: 'Reader',
      permissions: [perm('role', 'read')],
    });
    expect(within.statusCode).toBe(200);
    // Editing a role keeps what it already had, even when the editor lacks it.
    const admin = await roleId('Administrator');
    const current = (
      await t.injectAs('owner@acme.test', { url: '/api/role/get', query: { id: admin } })
    ).json().data;
    const rename = await updateRole('rita.roles@acme.test', { ...current, description: 'Runs everything' });
    expect(rename.statusCode).toBe(200);
  });
});

describe('PUT /api/role/update', () => {
  it('renames a role and replaces its permissions', async () => {
    const created = (
      await createRole('owner@acme.test', { name: 'Temp', permissions: [perm('report', 'read')] })
    ).json().data;
    const res = await updateRole('owner@acme.test', {
      ...created,
      name: 'Temporary',
      permissions: [perm('dashboard', 'read')],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'Temporary', permissions: [perm('dashboard', 'read')] });
  });

  it('reaches the people who hold the role at once: its new name and grants', async () => {
    const created = (
      await createRole('owner@acme.test', { name: 'Held Role', permissions: [perm('profile', 'read')] })
    ).json().data;
    await organisation(t).addUser('holds.role@acme.test', 'Bondi Junction', 'Held Role');
    const verify = async () =>
      (await t.injectAs('holds.role@acme.test', { url: '/api/user/verify' })).json().data;
    const modules = (data: { modules: { id: string }[] }) => data.modules.map((m) => m.id);
    const before = await verify();
    expect(before.position_list[0].role_name).toBe('Held Role');
    expect(modules(before)).not.toContain('report');
    const res = await updateRole('owner@acme.test', {
      ...created,
      name: 'Held Role renamed',
      permissions: [perm('profile', 'read'), perm('report', 'read')],
    });
    expect(res.statusCode).toBe(200);
    const after = await verify();
    expect(after.position_list[0].role_name).toBe('Held Role renamed');
    expect(modules(after)).toContain('report');
  });

  it('answers 400, 401, 403, 404 and 409 as it should, writing nothing', async () => {
    const id = await roleId('Team Member');
    const payload = { id, name: 'Team Member', permissions: [perm('profile', 'read')] };
    expect((await updateRole('owner@acme.test', { ...payload, name: '' })).statusCode).toBe(400);
    expect((await t.inject({ method: 'PUT', url: '/api/role/update', payload })).statusCode).toBe(401);
    expect((await updateRole('area@acme.test', payload)).statusCode).toBe(403);
    const globex = await roleId('Team Member', 'globex');
    expect((await updateRole('owner@acme.test', { ...payload, id: globex })).statusCode).toBe(404);
    expect((await updateRole('owner@acme.test', { ...payload, name: 'Area Manager' })).statusCode).toBe(409);
    const grants = await t.database.db.select().from(rolePermissions).where(eq(rolePermissions.roleId, id));
    expect(grants.map((g) => g.module).sort()).toEqual([
      'action',
      'compliance',
      'mytasks',
      'profile',
      'storeinfo',
    ]);
  });

  it('refuses to take user or role management from the last administrator', async () => {
    const id = await roleId('Administrator');
    const current = (await t.injectAs('owner@acme.test', { url: '/api/role/get', query: { id } })).json()
      .data;
    const permissions = current.permissions.map((p: Permission) =>
      p.id === 'user' ? { ...p, capabilities: ['read', 'update'] } : p,
    );
    const res = await updateRole('owner@acme.test', { ...current, permissions });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/manage users and roles/);
    const [user] = await t.database.db
      .select()
      .from(rolePermissions)
      .where(and(eq(rolePermissions.roleId, id), eq(rolePermissions.module, 'user')));
    expect(user!.capabilities).toContain('disable');
  });
});

describe('DELETE /api/role/delete', () => {
  it('deletes a role nobody holds', async () => {
    const created = (await createRole('owner@acme.test', { name: 'Unused', permissions: [] })).json().data;
    const res = await deleteRole('owner@acme.test', created.id);
    expect(res.statusCode).toBe(200);
    expect((await deleteRole('owner@acme.test', created.id)).statusCode).toBe(404);
  });

  it('refuses a role people hold, saying how many', async () => {
    const res = await deleteRole('owner@acme.test', await roleId('Store Manager'));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/^1 user holds the role "Store Manager"/);
    const many = await deleteRole('owner@acme.test', await roleId('Team Member'));
    expect(many.json().message).toMatch(/^\d+ users hold/);
  });

  it('answers 400, 401, 403 and 404 as it should', async () => {
    const created = (await createRole('owner@acme.test', { name: 'Keep Me', permissions: [] })).json().data;
    expect(
      (await t.injectAs('owner@acme.test', { method: 'DELETE', url: '/api/role/delete' })).statusCode,
    ).toBe(400);
    expect(
      (await t.inject({ method: 'DELETE', url: '/api/role/delete', query: { id: String(created.id) } }))
        .statusCode,
    ).toBe(401);
    expect((await deleteRole('area@acme.test', created.id)).statusCode).toBe(403);
    expect((await deleteRole('owner@globex.test', created.id)).statusCode).toBe(404);
    expect(
      (await t.injectAs('owner@acme.test', { url: '/api/role/get', query: { id: created.id } })).statusCode,
    ).toBe(200);
  });
});
