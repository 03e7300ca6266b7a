import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  hierarchyNodes,
  positions,
  rolePermissions,
  roles,
  sessions,
  settings,
  taskTypes,
  tenantModules,
  tenants,
  terms,
  themeSettings,
  users,
} from '../../server/db/schema';
import { createTestApp, type InjectOptions, type TestApp } from './helpers/app';
import { organisation } from './helpers/organisation';
import { choosePassword, linkToken } from './helpers/passwordReset';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const tenantId = (identifier: string) => organisation(t).tenantId(identifier);

const OPERATOR = 'operator@admin.test';
const as = (username: string, options: InjectOptions) => t.injectAs(username, options);
const list = (username: string, query: Record<string, string | number> = {}) =>
  as(username, { url: '/api/tenant/list', query });
const create = (payload: Record<string, unknown>, username = OPERATOR) =>
  as(username, { method: 'POST', url: '/api/tenant/create', payload });

let serial = 0;
/** A valid create body with a fresh identifier and administrator address. */
function newTenant(overrides: Record<string, unknown> = {}) {
  serial += 1;
  return {
    identifier: `tenant-${serial}`,
    name: `Tenant ${serial}`,
    modules: ['dashboard', 'setting', 'theme', 'profile', 'user', 'mytasks'],
    max_active_workspace: 20,
    admin_email: `boss.${serial}@tenant-${serial}.test`,
    ...overrides,
  };
}

/** Row counts of every table a provisioning writes to, to prove a failed one left nothing. */
async function rowCounts() {
  const counted = {
    tenants,
    hierarchyNodes,
    roles,
    rolePermissions,
    tenantModules,
    terms,
    settings,
    themeSettings,
    taskTypes,
    users,
    positions,
  };
  const counts: Record<string, number> = {};
  for (const [name, table] of Object.entries(counted)) {
    const [row] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(table);
    counts[name] = Number(row!.n);
  }
  return counts;
}

describe('GET /api/tenant/list', () => {
  it('lists the customer tenants with status, active workspaces against the limit and users', async () => {
    const res = await list(OPERATOR);
    expect(res.statusCode).toBe(200);
    const { data, total, page, per_page } = res.json().data;
    expect({ total, page, per_page }).toEqual({ total: 2, page: 1, per_page: 25 });
    expect(data.map((r: { identifier: string }) => r.identifier)).toEqual(['acme', 'globex']);
    expect(data[0]).toMatchObject({
      name: 'Acme Retail',
      status: 'active',
      active_workspaces: 12,
      max_active_workspace: 50,
      users: 45,
    });
    expect(data[1]).toMatchObject({ name: 'Globex Stores', active_workspaces: 2, max_active_workspace: 100 });
    // Platform data only: no users, stores, tasks or settings of the tenant travel here.
    expect(Object.keys(data[0]).sort()).toEqual(
      [
        'active_workspaces',
        'created_at',
        'id',
        'identifier',
        'max_active_workspace',
        'modules',
        'name',
        'status',
        'users',
      ].sort(),
    );
  });

  it('searches by name or identifier, filters by status, sorts and pages', async () => {
    const search = (await list(OPERATOR, { q: 'GLOB' })).json().data;
    expect(search.data.map((r: { identifier: string }) => r.identifier)).toEqual(['globex']);
    const byUsers = (await list(OPERATOR, { sort: 'users', order: 'desc', per_page: 1, page: 2 })).json()
      .data;
    expect(byUsers).toMatchObject({ total: 2, page: 2, per_page: 1 });
    expect(byUsers.data[0].identifier).toBe('globex');
    expect((await list(OPERATOR, { status: 'disabled' })).json().data.total).toBe(0);
    expect((await list(OPERATOR, { q: '%' })).json().data.total).toBe(0);
  });

  it('refuses a bad sort field with 400', async () => {
    const res = await list(OPERATOR, { sort: 'password_hash' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('sort');
  });

  it('needs a session (401) and the tenant module (403 for every customer-tenant user)', async () => {
    expect((await t.inject({ url: '/api/tenant/list' })).statusCode).toBe(401);
    for (const user of ['owner@acme.test', 'owner@globex.test', 'area@acme.test']) {
      expect((await list(user)).statusCode).toBe(403);
    }
  });
});

describe('GET /api/tenant/get', () => {
  it('reads one tenant', async () => {
    const id = await tenantId('globex');
    const res = await as(OPERATOR, { url: '/api/tenant/get', query: { id } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id, identifier: 'globex', name: 'Globex Stores', users: 2 });
    expect(res.json().data.modules).toContain('dashboard');
    expect(res.json().data.modules).not.toContain('tenant');
  });

  it('answers 404 for an unknown id and for the admin tenant itself', async () => {
    expect((await as(OPERATOR, { url: '/api/tenant/get', query: { id: 999_999 } })).statusCode).toBe(404);
    const admin = await tenantId('admin');
    expect((await as(OPERATOR, { url: '/api/tenant/get', query: { id: admin } })).statusCode).toBe(404);
  });

  it('refuses a tenant administrator, even for their own tenant', async () => {
    const acme = await tenantId('acme');
    expect((await as('owner@acme.test', { url: '/api/tenant/get', query: { id: acme } })).statusCode).toBe(
      403,
    );
    const globex = await tenantId('globex');
    expect((await as('owner@acme.test', { url: '/api/tenant/get', query: { id: globex } })).statusCode).toBe(
      403,
    );
  });

  it('refuses a missing or malformed id with 400', async () => {
    expect((await as(OPERATOR, { url: '/api/tenant/get' })).statusCode).toBe(400);
    expect((await as(OPERATOR, { url: '/api/tenant/get', query: { id: 'acme' } })).statusCode).toBe(400);
  });
});

describe('POST /api/tenant/create', () => {
  it('provisions the tenant and invites its first administrator, who sets a password and signs in', async () => {
    const body = newTenant({
      identifier: 'initech',
      name: 'Initech',
      admin_email: 'Bill.Lumbergh@Initech.test',
    });
    const res = await create(body);
    expect(res.statusCode).toBe(200);
    const record = res.json().data;
    expect(record).toMatchObject({
      identifier: 'initech',
      name: 'Initech',
      status: 'active',
      max_active_workspace: 20,
      active_workspaces: 0,
      users: 1,
    });
    expect([...record.modules].sort()).toEqual([...body.modules].sort());

    const db = t.database.db;
    const id = record.id as number;
    const nodes = await db.select().from(hierarchyNodes).where(eq(hierarchyNodes.tenantId, id));
    expect(nodes.map((n) => n.type).sort()).toEqual(['root', 'unassigned']);
    const roleRows = await db.select().from(roles).where(eq(roles.tenantId, id));
    expect(roleRows.map((r) => r.name).sort()).toEqual([
      'Administrator',
      'Area Manager',
      'Store Manager',
      'Team Member',
    ]);
    const types = await db.select().from(taskTypes).where(eq(taskTypes.tenantId, id));
    expect(types.map((r) => r.name).sort()).toEqual(['Communication', 'Task', 'Urgent']);
    const termRows = await db.select().from(terms).where(eq(terms.tenantId, id));
    expect(termRows.map((r) => [r.key, r.value])).toEqual([['workspace', 'Workspace']]);
    expect(await db.select().from(themeSettings).where(eq(themeSettings.tenantId, id))).toHaveLength(10);

    const admin = await t.userByUsername('bill.lumbergh@initech.test', 'initech');
    expect(admin).toMatchObject({ firstname: 'Bill', lastname: 'Lumbergh', forceReset: true, enabled: true });
    const [position] = await db
      .select({ nodeId: positions.nodeId, role: roles.name })
      .from(positions)
      .innerJoin(roles, and(eq(roles.tenantId, positions.tenantId), eq(roles.id, positions.roleId)))
      .where(and(eq(positions.tenantId, id), eq(positions.userId, admin.id)));
    expect(position).toEqual({ nodeId: nodes.find((n) => n.type === 'root')!.id, role: 'Administrator' });

    const [mail] = await t.mailsTo('bill.lumbergh@initech.test');
    expect(mail).toMatchObject({ tenantId: id, subject: 'Welcome to Storeline: choose your password' });
    expect(mail!.body).toContain('3 days');
    const token = linkToken(mail);
    const reset = await choosePassword(t, { token, password: 'initech-admin-1' });
    expect(reset.statusCode).toBe(200);
    const login = await t.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'bill.lumbergh@initech.test', password: 'initech-admin-1' },
    });
    expect(login.statusCode).toBe(200);
    const verify = await t.inject({
      url: '/api/user/verify',
      headers: { authorization: `Bearer ${login.json().data.token}` },
    });
    expect(verify.statusCode).toBe(200);
    const modules = verify
      .json()
      .data.modules.map((m: { id: string }) => m.id)
      .sort();
    // The Administrator role grants everything; the tenant sees only what its plan allows.
    expect(modules).toEqual([...body.modules].sort());
    expect(verify.json().data.tenant.identifier).toBe('initech');
  });

  it('names the administrator as given', async () => {
    const body = newTenant({ admin_firstname: ' Peter ', admin_lastname: 'Gibbons' });
    expect((await create(body)).statusCode).toBe(200);
    const admin = await t.userByUsername(body.admin_email, body.identifier);
    expect(admin).toMatchObject({ firstname: 'Peter', lastname: 'Gibbons' });
  });

  it('refuses bad input field by field and writes nothing', async () => {
    const before = await rowCounts();
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ identifier: 'Init Tech' }, 'identifier', /lower-case letters/],
      [{ identifier: '-initech' }, 'identifier', /lower-case letters/],
      [{ identifier: 'admin' }, 'identifier', /reserved/],
      [{ name: '   ' }, 'name', /name/],
      [{ modules: ['tenant'] }, 'modules', /tenant/],
      [{ modules: ['dashboard', 'spaceship'] }, 'modules', /spaceship/],
      [{ modules: [] }, 'modules', /at least 1/],
      [{ max_active_workspace: 0 }, 'max_active_workspace', /must be 1 or more/],
      [{ admin_email: 'not-an-email' }, 'admin_email', /email/],
    ];
    for (const [override, field, message] of cases) {
      const res = await create(newTenant(override));
      expect(res.statusCode, JSON.stringify(override)).toBe(400);
      expect(res.json().errors[field]).toMatch(message);
    }
    const missing = await create({ name: 'No identifier' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toHaveProperty('identifier');
    expect(await rowCounts()).toEqual(before);
  });

  it('refuses an identifier already taken, whatever its case, with 409', async () => {
    expect((await create(newTenant({ identifier: 'acme' }))).statusCode).toBe(409);
    await t.database.db.insert(tenants).values({ identifier: 'Umbrella', name: 'Umbrella Corp' });
    const res = await create(newTenant({ identifier: 'umbrella' }));
    expect(res.statusCode).toBe(409);
    expect(res.json().errors.identifier).toMatch(/already exists/);
  });

  it('leaves nothing behind when a step fails half-way', async () => {
    const db = t.database.db;
    // The administrator is one of the last rows written: fail there, after the tenant, its tree,
    // roles, modules, terms, settings, theme and task types are already in.
    await db.execute(sql`
      create function fail_provisioning() returns trigger language plpgsql as $$
      begin
        if new.email = 'doomed@hooli.test' then raise exception 'injected failure'; end if;
        return new;
      end $$`);
    await db.execute(sql`
      create trigger fail_provisioning before insert on users
      for each row execute function fail_provisioning()`);
    try {
      const before = await rowCounts();
      const res = await create(newTenant({ identifier: 'hooli', admin_email: 'doomed@hooli.test' }));
      expect(res.statusCode).toBe(500);
      expect(await rowCounts()).toEqual(before);
      expect(await db.select().from(tenants).where(eq(tenants.identifier, 'hooli'))).toHaveLength(0);
      expect(await t.mailsTo('doomed@hooli.test')).toHaveLength(0);
    } finally {
      await db.execute(sql`drop trigger fail_provisioning on users`);
      await db.execute(sql`drop function fail_provisioning()`);
    }
    // The same identifier is free afterwards.
    expect((await create(newTenant({ identifier: 'hooli' }))).statusCode).toBe(200);
  });

  it('is for platform operators only', async () => {
    const before = await rowCounts();
    expect((await create(newTenant(), 'owner@acme.test')).statusCode).toBe(403);
    expect(
      (await t.inject({ method: 'POST', url: '/api/tenant/create', payload: newTenant() })).statusCode,
    ).toBe(401);
    expect(await rowCounts()).toEqual(before);
  });
});

describe('PUT /api/tenant/update', () => {
  const update = (payload: Record<string, unknown>, username = OPERATOR) =>
    as(username, { method: 'PUT', url: '/api/tenant/update', payload });

  it('renames, changes the allowed modules and the limit; the tenant sees the new ceiling at once', async () => {
    const body = newTenant({ modules: ['dashboard', 'setting', 'report'] });
    const { id } = (await create(body)).json().data;
    const res = await update({
      id,
      name: 'Renamed Co',
      modules: ['dashboard', 'setting', 'audit'],
      max_active_workspace: 7,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'Renamed Co', max_active_workspace: 7 });
    expect([...res.json().data.modules].sort()).toEqual(['audit', 'dashboard', 'setting']);
    const rows = await t.database.db.select().from(tenantModules).where(eq(tenantModules.tenantId, id));
    const audit = rows.find((r) => r.module === 'audit')!;
    // Newly allowed modules start switched on.
    expect(audit).toMatchObject({ allowed: true, enabled: true });
    expect(rows.find((r) => r.module === 'report')).toMatchObject({ allowed: false });
  });

  it('keeps the fields not sent and ignores read-only ones a form sends back', async () => {
    const id = await tenantId('globex');
    const res = await update({ id, name: 'Globex Stores', identifier: 'renamed', users: 0 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ identifier: 'globex', users: 2, max_active_workspace: 100 });
  });

  it('reaches the tenant’s people at once: its name, modules and limit', async () => {
    const id = await tenantId('globex');
    const verify = async () => (await as('owner@globex.test', { url: '/api/user/verify' })).json().data;
    const modules = (data: { modules: { id: string }[] }) => data.modules.map((m) => m.id);
    const before = await verify();
    const current = (await as(OPERATOR, { url: '/api/tenant/get', query: { id: String(id) } })).json().data;
    const dropped = modules(before).find((m) => m !== 'setting' && current.modules.includes(m))!;
    expect(dropped).toBeDefined();
    const res = await update({
      id,
      name: 'Globex Renamed',
      modules: current.modules.filter((m: string) => m !== dropped),
      max_active_workspace: current.max_active_workspace + 1,
    });
    expect(res.statusCode).toBe(200);
    const after = await verify();
    expect(after.tenant.name).toBe('Globex Renamed');
    expect(modules(after)).not.toContain(dropped);
    expect(after.settings.max_active_workspace).toBe(current.max_active_workspace + 1);
    // As it was, for the tests that follow.
    const back = {
      id,
      name: current.name,
      modules: current.modules,
      max_active_workspace: current.max_active_workspace,
    };
    expect((await update(back)).statusCode).toBe(200);
    expect(modules(await verify())).toContain(dropped);
  });

  it('refuses a limit below the active workspaces with 409', async () => {
    const id = await tenantId('acme');
    const res = await update({ id, max_active_workspace: 5 });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors.max_active_workspace).toMatch(/12 active/);
    expect(
      (await as(OPERATOR, { url: '/api/tenant/get', query: { id } })).json().data.max_active_workspace,
    ).toBe(50);
  });

  it('refuses bad input with 400 and writes nothing', async () => {
    const id = await tenantId('globex');
    expect((await update({ id, modules: ['tenant'] })).statusCode).toBe(400);
    expect((await update({ id, name: '' })).statusCode).toBe(400);
    expect((await update({ id, max_active_workspace: -1 })).statusCode).toBe(400);
    const record = (await as(OPERATOR, { url: '/api/tenant/get', query: { id } })).json().data;
    expect(record.name).toBe('Globex Stores');
    expect(record.modules).not.toContain('tenant');
  });

  it('answers 404 for unknown ids and the admin tenant, 403 for tenant administrators', async () => {
    expect((await update({ id: 999_999, name: 'X' })).statusCode).toBe(404);
    expect((await update({ id: await tenantId('admin'), name: 'X' })).statusCode).toBe(404);
    const acme = await tenantId('acme');
    expect((await update({ id: acme, max_active_workspace: 9999 }, 'owner@acme.test')).statusCode).toBe(403);
  });
});

describe('PUT /api/tenant/disable and /enable', () => {
  it('ends every session of the tenant, refuses its sign-ins with a clear message, and enable lets them back', async () => {
    const body = newTenant();
    const { id } = (await create(body)).json().data;
    const [mail] = await t.mailsTo(body.admin_email);
    const token = linkToken(mail);
    await choosePassword(t, { token, password: 'tenant-admin-1' });
    const login = () =>
      t.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: body.admin_email, password: 'tenant-admin-1' },
      });
    const session = (await login()).json().data.token as string;

    const res = await as(OPERATOR, { method: 'PUT', url: '/api/tenant/disable', payload: { id } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('disabled');
    expect(await t.database.db.select().from(sessions).where(eq(sessions.tenantId, id))).toHaveLength(0);
    const verify = await t.inject({
      url: '/api/user/verify',
      headers: { authorization: `Bearer ${session}` },
    });
    expect(verify.statusCode).toBe(401);
    const refused = await login();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/organisation’s account is disabled/);
    expect((await list(OPERATOR, { status: 'disabled' })).json().data.data).toHaveLength(1);

    const enabled = await as(OPERATOR, { method: 'PUT', url: '/api/tenant/enable', payload: { id } });
    expect(enabled.json().data.status).toBe('active');
    expect((await login()).statusCode).toBe(200);
  });

  it('leaves other tenants’ sessions alone', async () => {
    const body = newTenant();
    const { id } = (await create(body)).json().data;
    await t.tokenFor('owner@globex.test');
    await as(OPERATOR, { method: 'PUT', url: '/api/tenant/disable', payload: { id } });
    expect((await as('owner@globex.test', { url: '/api/user/verify' })).statusCode).toBe(200);
  });

  it('refuses tenant administrators (403), unknown ids (404) and a missing id (400)', async () => {
    const globex = await tenantId('globex');
    expect(
      (await as('owner@acme.test', { method: 'PUT', url: '/api/tenant/disable', payload: { id: globex } }))
        .statusCode,
    ).toBe(403);
    expect(
      (await as(OPERATOR, { method: 'PUT', url: '/api/tenant/disable', payload: { id: 999_999 } }))
        .statusCode,
    ).toBe(404);
    const admin = await tenantId('admin');
    expect(
      (await as(OPERATOR, { method: 'PUT', url: '/api/tenant/disable', payload: { id: admin } })).statusCode,
    ).toBe(404);
    expect((await as(OPERATOR, { method: 'PUT', url: '/api/tenant/enable', payload: {} })).statusCode).toBe(
      400,
    );
    expect((await as('owner@globex.test', { url: '/api/user/verify' })).statusCode).toBe(200);
  });
});

describe('the admin tenant and tenant business data', () => {
  it('cannot read settings, theme or the hierarchy of any tenant through its session', async () => {
    for (const url of ['/api/setting/get', '/api/theme/list']) {
      expect((await as(OPERATOR, { url })).statusCode, url).toBe(403);
    }
    const verify = (await as(OPERATOR, { url: '/api/user/verify' })).json().data;
    expect(verify.modules.map((m: { id: string }) => m.id).sort()).toEqual(['activity', 'profile', 'tenant']);
    expect(verify.tenant.identifier).toBe('admin');
  });
});
