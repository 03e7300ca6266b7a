import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { departments, hierarchyNodes } from '../../server/db/schema';
import { OWNER } from './helpers/acmePeople';
import { createTestApp, type TestApp } from './helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function departmentNames() {
  const rows = await t.database.db
    .select({ name: departments.name })
    .from(departments)
    .orderBy(departments.id);
  return rows.map((r) => r.name);
}

describe('numbers that are not numbers', () => {
  it('refuses "Infinity" as an id with a 400 that names the field', async () => {
    const res = await t.injectAs(OWNER, { url: '/api/user/get', query: { id: 'Infinity' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('id');
  });

  it('refuses a 20-digit page number instead of sending it to SQL', async () => {
    const res = await t.injectAs(OWNER, { url: '/api/user/list', query: { page: '99999999999999999999' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('page');
  });

  it('still reads numbers in query strings (they arrive as text)', async () => {
    const res = await t.injectAs(OWNER, { url: '/api/user/list', query: { page: '1', per_page: '5' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.per_page).toBe(5);
  });
});

describe('JSON bodies are taken as sent', () => {
  it('does not read `true` as id 1: the workspace stays as it was', async () => {
    const before = await t.database.db.select().from(hierarchyNodes).orderBy(hierarchyNodes.id);
    const res = await t.injectAs(OWNER, {
      method: 'PUT',
      url: '/api/hierarchy/node/update',
      payload: { id: true, name: 'Renamed by a boolean' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('id');
    expect(await t.database.db.select().from(hierarchyNodes).orderBy(hierarchyNodes.id)).toEqual(before);
  });

  it('does not read a quoted number as a number in a body', async () => {
    const res = await t.injectAs(OWNER, {
      method: 'PUT',
      url: '/api/setting/update',
      payload: { week_starting_day: '1' },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('NUL characters', () => {
  it('refuses a NUL in a body field with a 400 naming it, and writes nothing', async () => {
    const before = await departmentNames();
    const res = await t.injectAs(OWNER, {
      method: 'POST',
      url: '/api/department/create',
      payload: { name: 'Bakery', colour: '#123456', description: 'a\u0000b' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ description: 'contains a NUL character' });
    expect(await departmentNames()).toEqual(before);
  });

  it('refuses a NUL in sign-in and forgot-password fields before any lookup', async () => {
    const login = await t.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'owner@acme.test', password: 'storeline-demo', tenant: 'ac\u0000me' },
    });
    expect(login.statusCode).toBe(400);
    expect(login.json().errors).toHaveProperty('tenant');
    const forgot = await t.inject({
      method: 'POST',
      url: '/api/passwordforgot',
      payload: { username: 'owner@acme.test', tenant: '\u0000' },
    });
    expect(forgot.statusCode).toBe(400);
  });

  it('refuses a NUL in a query string', async () => {
    const res = await t.injectAs(OWNER, { url: '/api/user/list', query: { key: 'name', value: 'a\u0000' } });
    expect(res.statusCode).toBe(400);
  });
});

describe('dates that do not exist', () => {
  it('refuses 30 February and month 39 with a 400 before they reach SQL', async () => {
    for (const date of ['2026-02-30', '2026-02-29', '0458-39-59', '0000-01-01']) {
      const res = await t.injectAs(OWNER, { url: '/api/user/task/get', query: { task_id: 1, date } });
      expect(res.statusCode, date).toBe(400);
      expect(res.json().errors, date).toHaveProperty('date');
    }
    expect(
      (await t.injectAs(OWNER, { url: '/api/user/task/get', query: { task_id: 1, date: '2028-02-29' } }))
        .statusCode,
    ).not.toBe(400);
  });
});

describe('deep nesting', () => {
  it('refuses a body nested 100,000 levels deep with a 400 naming where, not a 500', async () => {
    const deep = `{"name":${'['.repeat(100_000)}0${']'.repeat(100_000)}}`;
    const res = await t.injectAs(OWNER, {
      method: 'POST',
      url: '/api/department/create',
      headers: { 'content-type': 'application/json' },
      payload: deep,
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)[0]).toMatch(/^name(\.0)+$/);
    // Upload routes, which take no JSON, alike.
    const upload = await t.injectAs(OWNER, {
      method: 'POST',
      url: '/api/profile/upload-avatar',
      headers: { 'content-type': 'application/json' },
      payload: `${'{"a":'.repeat(50_000)}0${'}'.repeat(50_000)}`,
    });
    expect(upload.statusCode).toBe(400);
  });

  it('still takes the nesting real requests have', async () => {
    const res = await t.injectAs(OWNER, {
      method: 'POST',
      url: '/api/role/create',
      payload: {
        name: 'Nested enough',
        description: '',
        permissions: [{ id: 'profile', status: 'active', capabilities: ['read'] }],
      },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('caching', () => {
  it('marks signed-in answers no-store and leaves public ones alone', async () => {
    const verify = await t.injectAs(OWNER, { url: '/api/user/verify' });
    expect(verify.statusCode).toBe(200);
    expect(verify.headers['cache-control']).toBe('no-store');
    const health = await t.inject({ url: '/api/health' });
    expect(health.headers['cache-control']).toBeUndefined();
  });
});

describe('schema refusals are sentences a person can act on', () => {
  it('names the choices of a field that takes one of a few values', async () => {
    const res = await t.injectAs(OWNER, { url: '/api/department/list', query: { sort: 'colour' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ sort: 'Sort must be name, updated_at or id' });
    expect(res.json().message).toBe('Sort must be name, updated_at or id');
  });

  it('says what a field takes, and that it may be left empty, rather than “must be null”', async () => {
    const sydney = await t.database.db.select().from(hierarchyNodes);
    const cbd = sydney.find((n) => n.name === 'Sydney CBD')!;
    const res = await t.injectAs(OWNER, {
      method: 'PUT',
      url: '/api/hierarchy/node/update',
      payload: { id: cbd.id, object: { open_at: '2019-03-01' } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      'object.open_at': 'Opening date must be a whole number, or left empty',
    });
    const early = await t.injectAs(OWNER, {
      method: 'PUT',
      url: '/api/hierarchy/node/update',
      payload: { id: cbd.id, object: { open_at: -5 } },
    });
    expect(early.json().errors).toEqual({ 'object.open_at': 'Opening date must be 0 or more' });
  });

  it('says which field is missing, too long or unknown, by its name', async () => {
    const res = await t.injectAs(OWNER, {
      method: 'PUT',
      url: '/api/hierarchy/node/update',
      payload: { id: 1, name: 'x'.repeat(121), object: { colour: 'red' } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      name: 'Name can be at most 120 characters long',
      'object.colour': 'Colour is not a field this form takes',
    });
    const missing = await t.inject({ method: 'POST', url: '/api/passwordforgot', payload: {} });
    expect(missing.json().errors).toEqual({ username: 'Username is required' });
  });

  it('never passes a schema message through as it is', async () => {
    const res = await t.injectAs(OWNER, {
      method: 'POST',
      url: '/api/hierarchy/node/create',
      payload: { parent_id: 'one', type: 7, name: '' },
    });
    expect(res.statusCode).toBe(400);
    for (const message of Object.values(res.json().errors as Record<string, string>))
      expect(message).not.toMatch(
        /must be equal to constant|must be null|must match|must NOT|must be >=|must be string/,
      );
  });
});
