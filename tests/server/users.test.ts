import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const resetPassword = (as: string, id: unknown) =>
  t.injectAs(as, { method: 'POST', url: '/api/user/reset-password', payload: { id } });

describe('POST /api/user/reset-password', () => {
  it('sets force_reset and mails the user a reset link', async () => {
    const staff = await t.userByUsername('staff@acme.test');
    const res = await resetPassword('owner@acme.test', staff.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ id: staff.id, email: 'staff@acme.test', force_reset: true });
    expect((await t.userByUsername('staff@acme.test')).forceReset).toBe(true);
    const [mail] = await t.mailsTo('staff@acme.test');
    expect(mail?.body).toMatch(/administrator asked you/);
    const login = await t.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'staff@acme.test', password: 'storeline-demo' },
    });
    expect(login.statusCode).toBe(307);
  });

  it('refuses a missing or non-numeric id with 400 and changes nothing', async () => {
    for (const id of [undefined, 'abc', -1]) {
      const res = await resetPassword('owner@acme.test', id);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toHaveProperty('id');
    }
  });

  it('needs a session', async () => {
    const res = await t.inject({ method: 'POST', url: '/api/user/reset-password', payload: { id: 1 } });
    expect(res.statusCode).toBe(401);
  });

  it('needs user.update', async () => {
    const store = await t.userByUsername('store@acme.test');
    const res = await resetPassword('staff@acme.test', store.id);
    expect(res.statusCode).toBe(403);
    expect((await t.userByUsername('store@acme.test')).forceReset).toBe(false);
  });

  it('answers 404 for another tenant’s user', async () => {
    const homer = await t.userByUsername('staff@globex.test');
    const res = await resetPassword('owner@acme.test', homer.id);
    expect(res.statusCode).toBe(404);
    expect((await t.userByUsername('staff@globex.test')).forceReset).toBe(false);
    expect(await t.mailsTo('staff@globex.test')).toHaveLength(0);
  });

  it('keeps an area manager to users of their own area', async () => {
    // The generated staff member 7 works at Melbourne Central, outside area@acme.test's Sydney Metro.
    for (const username of ['isla.chen.7@acme.test', 'owner@acme.test']) {
      const outside = await t.userByUsername(username);
      const res = await resetPassword('area@acme.test', outside.id);
      expect(res.statusCode).toBe(403);
      expect((await t.userByUsername(username)).forceReset).toBe(false);
    }
    const inside = await t.userByUsername('store@acme.test');
    expect((await resetPassword('area@acme.test', inside.id)).statusCode).toBe(200);
  });
});
