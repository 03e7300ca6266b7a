import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResetTokens, users } from '../../server/db/schema';
import { createTestApp, type TestApp } from './helpers/app';
import { choosePassword, linkToken } from './helpers/passwordReset';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (username: string, password: string) =>
  t.inject({ method: 'POST', url: '/api/login', payload: { username, password } });

async function requestLink(email: string): Promise<string> {
  const res = await t.inject({ method: 'POST', url: '/api/passwordforgot', payload: { username: email } });
  expect(res.statusCode).toBe(200);
  await t.app.jobs.drain();
  const [mail] = await t.mailsTo(email);
  expect(mail?.link).toMatch(/^http:\/\/storeline\.test\/password\/reset\//);
  return linkToken(mail);
}

describe('POST /api/passwordforgot', () => {
  it('mails a single-use reset link and answers with the sent page', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/api/passwordforgot',
      payload: { username: 'Store@Acme.test' },
    });
    expect(res.json()).toEqual({ status: 200, data: { redirect: '/password/forgotEmailSent' } });
    // The request only queues a job, the same for any address (forgotPassword.test.ts); the job
    // looks the person up and writes the mail, whose own job delivers it (logs it, without SMTP).
    expect(await t.mailsTo('store@acme.test')).toEqual([]);
    await t.app.jobs.drain();
    const [mail] = await t.mailsTo('store@acme.test');
    expect(mail).toMatchObject({ subject: 'Reset your Storeline password', status: 'logged' });
    expect(mail!.body).toContain(mail!.link!);
  });

  it('answers the same for an unknown user and sends nothing', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/api/passwordforgot',
      payload: { username: 'ghost@acme.test' },
    });
    expect(res.json()).toEqual({ status: 200, data: { redirect: '/password/forgotEmailSent' } });
    await t.app.jobs.drain();
    expect(await t.mailsTo('ghost@acme.test')).toHaveLength(0);
  });

  it('needs a username', async () => {
    const res = await t.inject({ method: 'POST', url: '/api/passwordforgot', payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ username: 'Username is required' });
  });
});

describe('POST /api/passwordreset', () => {
  it('sets the new password, clears force_reset, and the old password stops working', async () => {
    const token = await requestLink('reset@acme.test');
    const res = await choosePassword(t, { token, password: 'a-new-secret-1' });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.redirect).toBe('/login');
    expect(data.user).toMatchObject({ username: 'reset@acme.test', force_reset: false });
    expect(data.theme).toHaveLength(10);
    expect((await login('reset@acme.test', 'storeline-demo')).statusCode).toBe(400);
    expect((await login('reset@acme.test', 'a-new-secret-1')).statusCode).toBe(200);
  });

  it('refuses a link used once already', async () => {
    const token = await requestLink('area@acme.test');
    const first = await choosePassword(t, { token, password: 'first-choice-1' });
    expect(first.statusCode).toBe(200);
    const again = await choosePassword(t, { token, password: 'second-choice-2' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toMatch(/invalid or has expired/);
    expect((await login('area@acme.test', 'first-choice-1')).statusCode).toBe(200);
  });

  it('refuses an expired link', async () => {
    const token = await requestLink('staff@acme.test');
    const staff = await t.userByUsername('staff@acme.test');
    await t.database.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, staff.id));
    const res = await choosePassword(t, { token, password: 'too-late-123' });
    expect(res.statusCode).toBe(400);
    expect((await login('staff@acme.test', 'storeline-demo')).statusCode).toBe(200);
  });

  it('refuses a short password without spending the link', async () => {
    const token = await requestLink('owner@globex.test');
    const short = await choosePassword(t, { token, password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors.password).toMatch(/at least 8/);
    const ok = await choosePassword(t, { token, password: 'long-enough-9' });
    expect(ok.statusCode).toBe(200);
  });

  it('refuses a made-up token', async () => {
    const res = await choosePassword(t, {
      token: '2.forged-token-forged-token-forged',
      password: 'whatever-123',
    });
    expect(res.statusCode).toBe(400);
  });

  it('makes every older unused link of the user stop working', async () => {
    const older = await requestLink('staff@globex.test');
    const newer = await requestLink('staff@globex.test');
    expect(newer).not.toBe(older);
    const reset = (token: string, password: string) => choosePassword(t, { token, password });
    expect((await reset(newer, 'chosen-with-newer-1')).statusCode).toBe(200);
    const stale = await reset(older, 'chosen-with-older-2');
    expect(stale.statusCode).toBe(400);
    expect(stale.json().message).toMatch(/invalid or has expired/);
    expect((await login('staff@globex.test', 'chosen-with-newer-1')).statusCode).toBe(200);
  });

  it('makes the links stale when an administrator sets the password instead', async () => {
    const link = await requestLink('olivia.smith.1@acme.test');
    const user = await t.userByUsername('olivia.smith.1@acme.test');
    const set = await t.injectAs('owner@acme.test', {
      method: 'PUT',
      url: '/api/user/update',
      payload: {
        id: user.id,
        firstname: user.firstname,
        lastname: user.lastname,
        password: 'set-by-admin-1',
      },
    });
    expect(set.statusCode).toBe(200);
    const res = await choosePassword(t, { token: link, password: 'chosen-by-link-2' });
    expect(res.statusCode).toBe(400);
    expect((await login('olivia.smith.1@acme.test', 'set-by-admin-1')).statusCode).toBe(200);
  });

  it('ends the sessions that knew the old password', async () => {
    const oldToken = await t.tokenFor('store@acme.test');
    const token = await requestLink('store@acme.test');
    await choosePassword(t, { token, password: 'brand-new-pass-1' });
    const res = await t.inject({ url: '/api/user/verify', headers: { authorization: `Bearer ${oldToken}` } });
    expect(res.statusCode).toBe(401);
  });
});

describe('PUT /api/profile/update (password)', () => {
  it('lets a forced-reset user set a password with only the session, then use the app', async () => {
    const fresh = await createTestApp();
    try {
      const signIn = await fresh.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: 'reset@acme.test', password: 'storeline-demo' },
      });
      expect(signIn.statusCode).toBe(307);
      const headers = { authorization: `Bearer ${signIn.json().data.token}` };
      // Until the password is replaced, only the reset flow is open.
      const verify = await fresh.inject({ url: '/api/user/verify', headers });
      expect(verify.json().data.force_reset).toBe(true);
      expect((await fresh.inject({ url: '/api/theme/list', headers })).statusCode).toBe(403);
      const change = await fresh.inject({
        method: 'PUT',
        url: '/api/profile/update',
        headers,
        payload: { password: 'my-own-secret-1' },
      });
      expect(change.statusCode).toBe(200);
      const after = await fresh.inject({ url: '/api/user/verify', headers });
      expect(after.json().data.force_reset).toBe(false);
      const relogin = await fresh.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: 'reset@acme.test', password: 'my-own-secret-1' },
      });
      expect(relogin.statusCode).toBe(200);
    } finally {
      await fresh.close();
    }
  });

  it('needs the current password otherwise, and writes nothing when it is wrong', async () => {
    const before = await t.userByUsername('owner@acme.test');
    const wrong = await t.injectAs('owner@acme.test', {
      method: 'PUT',
      url: '/api/profile/update',
      payload: { password: 'next-password-1', current_password: 'nope' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ current_password: 'Your current password is not correct' });
    expect((await t.userByUsername('owner@acme.test')).passwordHash).toBe(before.passwordHash);
    const ok = await t.injectAs('owner@acme.test', {
      method: 'PUT',
      url: '/api/profile/update',
      payload: { password: 'next-password-1', current_password: 'storeline-demo' },
    });
    expect(ok.statusCode).toBe(200);
    expect((await login('owner@acme.test', 'next-password-1')).statusCode).toBe(200);
    // The session that made the change stays signed in.
    expect((await t.injectAs('owner@acme.test', { url: '/api/user/verify' })).statusCode).toBe(200);
  });

  it('refuses without a session', async () => {
    expect(
      (await t.inject({ method: 'PUT', url: '/api/profile/update', payload: { password: 'x-secret-123' } }))
        .statusCode,
    ).toBe(401);
  });

  it('refuses a user whose role lacks profile.update', async () => {
    const fresh = await createTestApp();
    try {
      const { rolePermissions } = await import('../../server/db/schema');
      const staff = await fresh.userByUsername('staff@acme.test');
      await fresh.database.db.delete(rolePermissions).where(eq(rolePermissions.module, 'profile'));
      const res = await fresh.injectAs('staff@acme.test', {
        method: 'PUT',
        url: '/api/profile/update',
        payload: { password: 'next-password-1', current_password: 'storeline-demo' },
      });
      expect(res.statusCode).toBe(403);
      const [row] = await fresh.database.db.select().from(users).where(eq(users.id, staff.id));
      expect(row!.passwordHash).toBe(staff.passwordHash);
    } finally {
      await fresh.close();
    }
  });
});
