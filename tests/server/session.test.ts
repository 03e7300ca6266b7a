import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../server/db/schema';
import { createTestApp, type TestApp } from './helpers/app';

const PASSWORD = 'storeline-demo';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (username: string, password = PASSWORD, extra: Record<string, string> = {}) =>
  t.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username, password, timezone: 'Australia/Sydney', ...extra },
  });

describe('POST /api/login', () => {
  it('signs a user in and returns the user, a token and the redirect', async () => {
    const res = await login('owner@acme.test');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe(200);
    expect(body.data.user).toMatchObject({
      username: 'owner@acme.test',
      firstname: 'Olivia',
      tenant: 'acme',
      force_reset: false,
    });
    expect(body.data.redirect).toBe('/');
    expect(body.data.token).toMatch(/^\d+\./);
    const verify = await t.inject({
      url: '/api/user/verify',
      headers: { authorization: `Bearer ${body.data.token}` },
    });
    expect(verify.statusCode).toBe(200);
  });

  it('is case-insensitive on the username', async () => {
    expect((await login('Owner@ACME.test')).statusCode).toBe(200);
  });

  it('answers 307 with the same shape when the user must reset the password', async () => {
    const res = await login('reset@acme.test');
    expect(res.statusCode).toBe(307);
    const body = res.json();
    expect(body.status).toBe(307);
    expect(body.data.redirect).toBe('/password/change');
    expect(body.data.user.force_reset).toBe(true);
    expect(body.data.token).toBeTruthy();
  });

  it('gives a wrong password, an unknown user and a disabled user the same answer', async () => {
    const wrong = await login('owner@acme.test', 'not-the-password');
    const unknown = await login('nobody@acme.test');
    const staff = await t.userByUsername('olivia.smith.1@acme.test');
    await t.database.db.update(users).set({ enabled: false }).where(eq(users.id, staff.id));
    const disabled = await login('olivia.smith.1@acme.test');
    for (const res of [wrong, unknown, disabled]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Incorrect username or password');
    }
  });

  it('refuses a body without a password with a field message and creates no session', async () => {
    const before = (await t.database.db.select().from(sessions)).length;
    const res = await t.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'owner@acme.test' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, errors: { password: 'Password is required' } });
    expect((await t.database.db.select().from(sessions)).length).toBe(before);
  });

  it('resolves the tenant from the optional tenant field', async () => {
    expect((await login('owner@acme.test', PASSWORD, { tenant: 'globex' })).statusCode).toBe(400);
    expect((await login('owner@acme.test', PASSWORD, { tenant: 'acme' })).statusCode).toBe(200);
  });
});

describe('rate limits', () => {
  it('stops guessing one username after 10 attempts with 429', async () => {
    const limited = await createTestApp();
    try {
      const codes: number[] = [];
      for (let i = 0; i < 11; i++) {
        const res = await limited.inject({
          method: 'POST',
          url: '/api/login',
          payload: { username: 'area@acme.test', password: `guess-${i}` },
        });
        codes.push(res.statusCode);
      }
      expect(codes.slice(0, 10).every((c) => c === 400)).toBe(true);
      const last = await limited.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: 'area@acme.test', password: PASSWORD },
      });
      expect(last.statusCode).toBe(429);
      expect(last.json().message).toMatch(/Too many attempts/);
      // Another username from the same address still gets through.
      const other = await limited.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: 'store@acme.test', password: PASSWORD },
      });
      expect(other.statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('limits one address across usernames', async () => {
    const limited = await createTestApp({
      loginRateLimit: { perIpPerMinute: 3, perUsernamePer15Minutes: 100 },
    });
    try {
      const codes: number[] = [];
      for (const u of ['a@x.test', 'b@x.test', 'c@x.test', 'd@x.test']) {
        codes.push(
          (
            await limited.inject({
              method: 'POST',
              url: '/api/login',
              payload: { username: u, password: 'x' },
            })
          ).statusCode,
        );
      }
      expect(codes).toEqual([400, 400, 400, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('GET /api/user/verify', () => {
  it('returns the user, positions, visible tree, permissions, terms, settings and theme', async () => {
    const res = await t.injectAs('owner@acme.test', { url: '/api/user/verify' });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      username: 'owner@acme.test',
      force_reset: false,
      tenant: { identifier: 'acme' },
    });
    expect(data.position_list).toEqual([
      expect.objectContaining({ node_type: 'root', selected: true, role_name: 'Administrator' }),
    ]);
    expect(data.terms.workspace).toBe('Store');
    expect(data.settings).toEqual({ week_starting_day: 1, max_active_workspace: 50, language: null });
    expect(data.theme.map((s: { id: number }) => s.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(data.theme[1]).toMatchObject({ key: 'primary', value: '#c62828' });
    const moduleIds = data.modules.map((m: { id: string }) => m.id);
    expect(moduleIds).toContain('user');
    expect(moduleIds).not.toContain('tenant');
    const user = data.modules.find((m: { id: string }) => m.id === 'user');
    expect(user.capabilities.sort()).toEqual(['create', 'delete', 'disable', 'read', 'update']);
    const root = data.hierarchy[0];
    expect(root.type).toBe('root');
    const types = new Set<string>();
    const walk = (n: { type: string; children: unknown[] }) => {
      types.add(n.type);
      for (const c of n.children) walk(c as typeof n);
    };
    walk(root);
    expect([...types].sort()).toEqual(['container', 'root', 'unassigned', 'workspace']);
  });

  it('shows an area manager only their area', async () => {
    const data = (await t.injectAs('area@acme.test', { url: '/api/user/verify' })).json().data;
    expect(data.hierarchy).toHaveLength(1);
    expect(data.hierarchy[0]).toMatchObject({ name: 'Sydney Metro', type: 'container' });
    expect(data.hierarchy[0].children.map((c: { name: string }) => c.name).sort()).toEqual([
      'Bondi Junction',
      'Parramatta',
      'Sydney CBD',
    ]);
  });

  it('gives a store user their store with its workspace object id', async () => {
    const data = (await t.injectAs('staff@acme.test', { url: '/api/user/verify' })).json().data;
    expect(data.hierarchy).toEqual([
      expect.objectContaining({ name: 'Sydney CBD', type: 'workspace', object_id: expect.any(Number) }),
    ]);
    expect(data.modules.map((m: { id: string }) => m.id).sort()).toEqual([
      'action',
      'compliance',
      'mytasks',
      'profile',
      'storeinfo',
    ]);
  });

  it('gives the admin tenant only tenant management (and its own profile and activity log)', async () => {
    const data = (await t.injectAs('operator@admin.test', { url: '/api/user/verify' })).json().data;
    expect(data.modules.map((m: { id: string }) => m.id).sort()).toEqual(['activity', 'profile', 'tenant']);
  });

  it('answers 401 without a token, with a malformed token and with an unknown token', async () => {
    for (const authorization of [
      undefined,
      'Bearer nonsense',
      'Bearer 2.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    ]) {
      const res = await t.inject({
        url: '/api/user/verify',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().status).toBe(401);
    }
  });

  it('refuses a session that has expired', async () => {
    const token = await t.tokenFor('store@acme.test');
    await t.database.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) });
    const res = await t.inject({ url: '/api/user/verify', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/logout', () => {
  it('ends the session so the token stops working', async () => {
    const token = (await login('store@acme.test')).json().data.token;
    const headers = { authorization: `Bearer ${token}` };
    const res = await t.inject({ method: 'POST', url: '/api/logout', headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.redirect).toBe('/login');
    expect((await t.inject({ url: '/api/user/verify', headers })).statusCode).toBe(401);
  });

  it('needs a session', async () => {
    expect((await t.inject({ method: 'POST', url: '/api/logout' })).statusCode).toBe(401);
  });
});
