import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settings, tenantModules, terms } from '../../server/db/schema';
import { OWNER } from './helpers/acmePeople';
import { createTestApp, type TestApp } from './helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (username: string) => t.injectAs(username, { url: '/api/setting/get' });
const update = (username: string, payload: Record<string, unknown>) =>
  t.injectAs(username, { method: 'PUT', url: '/api/setting/update', payload });

async function acmeId() {
  return (await t.userByUsername(OWNER)).tenantId;
}

describe('GET /api/setting/get', () => {
  it('gives the terms, the modules of the plan with their switches, week start and the limit', async () => {
    const res = await get(OWNER);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      terms: { workspace: 'Store' },
      week_starting_day: 1,
      max_active_workspace: 50,
      active_workspaces: 12,
    });
    const ids = data.modules.map((m: { id: string }) => m.id);
    expect(ids).toContain('dashboard');
    expect(ids).not.toContain('tenant');
    expect(data.modules.find((m: { id: string }) => m.id === 'setting')).toEqual({
      id: 'setting',
      label: 'Setting',
      enabled: true,
      editable: false,
    });
    expect(data.modules.find((m: { id: string }) => m.id === 'report')).toMatchObject({
      label: 'Report',
      enabled: true,
      editable: true,
    });
  });

  it('keeps each tenant to its own settings', async () => {
    const data = (await get('owner@globex.test')).json().data;
    expect(data).toMatchObject({
      terms: { workspace: 'Branch' },
      max_active_workspace: 100,
      active_workspaces: 2,
    });
  });

  it('needs a session (401) and setting.read (403)', async () => {
    expect((await t.inject({ url: '/api/setting/get' })).statusCode).toBe(401);
    for (const user of ['area@acme.test', 'staff@acme.test', 'operator@admin.test']) {
      expect((await get(user)).statusCode, user).toBe(403);
    }
  });
});

describe('PUT /api/setting/update', () => {
  it('renames terms, removes emptied ones, switches modules and sets the week start; verify follows', async () => {
    const verifyOf = async () =>
      (await t.injectAs('area@acme.test', { url: '/api/user/verify' })).json().data;
    // Read before the change, so what verify answered is kept when the change comes.
    expect((await verifyOf()).terms.workspace).not.toBe('Shop');
    const res = await update(OWNER, {
      terms: { workspace: ' Shop ', workspaces: 'Shoppes', level_1: 'State', level_2: 'Region' },
      modules: [
        { id: 'report', enabled: false },
        { id: 'Dashboard', enabled: true },
      ],
      week_starting_day: 0,
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.terms).toEqual({
      workspace: 'Shop',
      workspaces: 'Shoppes',
      level_1: 'State',
      level_2: 'Region',
    });
    expect(data.week_starting_day).toBe(0);
    expect(data.modules.find((m: { id: string }) => m.id === 'report').enabled).toBe(false);

    const verify = await verifyOf();
    expect(verify.terms.workspace).toBe('Shop');
    expect(verify.settings.week_starting_day).toBe(0);
    expect(verify.modules.map((m: { id: string }) => m.id)).not.toContain('report');
    expect((await t.injectAs('area@acme.test', { url: '/api/setting/get' })).statusCode).toBe(403);

    const back = await update(OWNER, {
      terms: { workspace: 'Store', workspaces: '', level_2: '  ' },
      modules: [{ id: 'report', enabled: true }],
      week_starting_day: 1,
    });
    expect(back.json().data.terms).toEqual({ workspace: 'Store', level_1: 'State' });
    expect(back.json().data.modules.find((m: { id: string }) => m.id === 'report').enabled).toBe(true);
    const again = await verifyOf();
    expect(again.terms.workspace).toBe('Store');
    expect(again.settings.week_starting_day).toBe(1);
    expect(again.modules.map((m: { id: string }) => m.id)).toContain('report');
  });

  it('accepts the limit sent back unchanged, and nothing else for it', async () => {
    expect((await update(OWNER, { max_active_workspace: 50 })).statusCode).toBe(200);
    const res = await update(OWNER, { max_active_workspace: 500, week_starting_day: 3 });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.max_active_workspace).toMatch(/set by Storeline/);
    expect((await get(OWNER)).json().data).toMatchObject({ max_active_workspace: 50, week_starting_day: 1 });
  });

  it('refuses unknown terms, long terms, modules outside the plan, switching Settings off; nothing is written', async () => {
    const tenantId = await acmeId();
    await t.database.db
      .update(tenantModules)
      .set({ allowed: false })
      .where(and(eq(tenantModules.tenantId, tenantId), eq(tenantModules.module, 'audit')));
    try {
      const before = await get(OWNER);
      const res = await update(OWNER, {
        terms: { workspace: 'Outlet', colour: 'Colour', level_2: 'x'.repeat(41) },
        modules: [
          { id: 'audit', enabled: true },
          { id: 'tenant', enabled: true },
          { id: 'setting', enabled: false },
          { id: 'report', enabled: false },
        ],
        week_starting_day: 2,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({
        'terms.colour': '"colour" is not a term the product uses',
        'terms.level_2': 'Keep the level_2 term to 40 characters or fewer',
        'modules.audit': 'audit is not part of your plan; ask Storeline to add it',
        'modules.tenant': 'tenant is not part of your plan; ask Storeline to add it',
        'modules.setting': 'Settings cannot be switched off: nobody could switch it back on',
      });
      expect((await get(OWNER)).json().data).toEqual(before.json().data);
      const audit = (await get(OWNER)).json().data.modules.map((m: { id: string }) => m.id);
      expect(audit).not.toContain('audit');
    } finally {
      await t.database.db
        .update(tenantModules)
        .set({ allowed: true })
        .where(and(eq(tenantModules.tenantId, tenantId), eq(tenantModules.module, 'audit')));
    }
  });

  it('validates types and ranges with 400', async () => {
    expect((await update(OWNER, { week_starting_day: 7 })).statusCode).toBe(400);
    expect((await update(OWNER, { week_starting_day: 'monday' })).statusCode).toBe(400);
    expect((await update(OWNER, { terms: 'Store' })).statusCode).toBe(400);
    expect((await update(OWNER, { terms: { workspace: { name: 'Store' } } })).statusCode).toBe(400);
    expect((await update(OWNER, { modules: [{ id: 'report' }] })).statusCode).toBe(400);
  });

  it('needs setting.update (403) and a session (401); writes nothing then', async () => {
    const tenantId = await acmeId();
    for (const user of ['area@acme.test', 'staff@acme.test', 'operator@admin.test']) {
      expect((await update(user, { terms: { workspace: 'Hacked' } })).statusCode, user).toBe(403);
    }
    expect(
      (await t.inject({ method: 'PUT', url: '/api/setting/update', payload: { terms: { workspace: 'X' } } }))
        .statusCode,
    ).toBe(401);
    const [row] = await t.database.db
      .select()
      .from(terms)
      .where(and(eq(terms.tenantId, tenantId), eq(terms.key, 'workspace')));
    expect(row!.value).toBe('Store');
  });

  it('changes only the caller’s tenant', async () => {
    await update('owner@globex.test', { terms: { workspace: 'Kiosk' }, week_starting_day: 6 });
    expect((await get(OWNER)).json().data.terms.workspace).toBe('Store');
    const acme = await acmeId();
    const [week] = await t.database.db
      .select()
      .from(settings)
      .where(and(eq(settings.tenantId, acme), eq(settings.key, 'week_starting_day')));
    expect(week!.value).toBe('1');
    await update('owner@globex.test', { terms: { workspace: 'Branch' }, week_starting_day: 1 });
  });
});
