import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app';

// Issue 31: a person's language on the profile, the tenant's default in settings, both in verify.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const profile = (as: string) => t.injectAs(as, { url: '/api/profile/get' });
const updateProfile = (as: string, payload: Record<string, unknown>) =>
  t.injectAs(as, { method: 'PUT', url: '/api/profile/update', payload });
const verify = async (as: string) => (await t.injectAs(as, { url: '/api/user/verify' })).json().data;
const updateSettings = (as: string, payload: Record<string, unknown>) =>
  t.injectAs(as, { method: 'PUT', url: '/api/setting/update', payload });

describe('a person’s language', () => {
  it('is not chosen at first, so verify says null', async () => {
    expect((await profile('area@acme.test')).json().data.language).toBeNull();
    expect((await verify('area@acme.test')).language).toBeNull();
  });

  it('is saved through the profile, returned by it and by verify, and can be cleared', async () => {
    const res = await updateProfile('store@acme.test', { language: 'fr' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.language).toBe('fr');
    expect((await profile('store@acme.test')).json().data.language).toBe('fr');
    expect((await verify('store@acme.test')).language).toBe('fr');
    expect((await t.userByUsername('store@acme.test')).language).toBe('fr');

    const cleared = await updateProfile('store@acme.test', { language: null });
    expect(cleared.statusCode).toBe(200);
    expect((await verify('store@acme.test')).language).toBeNull();
  });

  it('refuses a language Storeline does not speak, naming the field, and writes nothing', async () => {
    await updateProfile('staff@acme.test', { language: 'es' });
    const res = await updateProfile('staff@acme.test', { language: 'de', preferred_name: 'Sammy' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors ?? {}).join(' ')).toContain('language');
    const after = (await profile('staff@acme.test')).json().data;
    expect(after.language).toBe('es');
    expect(after.preferred_name).toBeNull();
  });

  it('is the person’s own: another person’s stays as it was', async () => {
    await updateProfile('staff@acme.test', { language: 'fr' });
    expect((await verify('staff@acme.test')).language).toBe('fr');
    expect((await verify('owner@acme.test')).language).toBeNull();
  });
});

describe('the tenant’s default language', () => {
  it('is none at first', async () => {
    const res = await t.injectAs('owner@acme.test', { url: '/api/setting/get' });
    expect(res.json().data.language).toBeNull();
    expect((await verify('staff@acme.test')).settings.language).toBeNull();
  });

  it('is set in settings, reaches everyone’s verify in the tenant and no other tenant', async () => {
    const res = await updateSettings('owner@acme.test', { language: 'es' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.language).toBe('es');
    expect((await verify('staff@acme.test')).settings.language).toBe('es');
    expect((await verify('area@acme.test')).settings.language).toBe('es');
    expect((await verify('owner@globex.test')).settings.language).toBeNull();
  });

  it('refuses a language it does not speak and keeps the one it had', async () => {
    const res = await updateSettings('owner@acme.test', { language: 'xx', week_starting_day: 3 });
    expect(res.statusCode).toBe(400);
    const settings = (await t.injectAs('owner@acme.test', { url: '/api/setting/get' })).json().data;
    expect(settings.language).toBe('es');
    expect(settings.week_starting_day).not.toBe(3);
  });

  it('is removed with null, so each browser’s language applies again', async () => {
    expect((await updateSettings('owner@acme.test', { language: null })).statusCode).toBe(200);
    expect((await verify('staff@acme.test')).settings.language).toBeNull();
  });

  it('is changed only by who may change settings', async () => {
    const res = await updateSettings('staff@acme.test', { language: 'fr' });
    expect(res.statusCode).toBe(403);
    expect((await verify('staff@acme.test')).settings.language).toBeNull();
  });
});
