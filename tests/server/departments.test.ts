import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { departments } from '../../server/db/schema';
import { createTestApp, type TestApp } from './helpers/app';
import { expectEachRefused } from './helpers/refusals';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function departmentCount() {
  const [row] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(departments);
  return row!.n;
}

const list = (as: string, query: Record<string, string | number> = {}) =>
  t.injectAs(as, { url: '/api/department/list', query });
const create = (as: string, payload: Record<string, unknown>) =>
  t.injectAs(as, { method: 'POST', url: '/api/department/create', payload });
const update = (as: string, payload: Record<string, unknown>) =>
  t.injectAs(as, { method: 'PUT', url: '/api/department/update', payload });
const remove = (as: string, id: unknown) =>
  t.injectAs(as, { method: 'DELETE', url: '/api/department/delete', query: { id: String(id) } });

async function acmeDepartment(name: string) {
  const rows = (await list('owner@acme.test')).json().data.data as { id: number; name: string }[];
  return rows.find((d) => d.name === name)!;
}

let globexCount = 0;
async function globexDepartment() {
  globexCount += 1;
  const res = await create('owner@globex.test', { name: `Hardware ${globexCount}`, colour: '#123456' });
  return res.json().data as { id: number };
}

describe('GET /api/department/list', () => {
  it('lists the tenant’s departments by name', async () => {
    const res = await list('owner@acme.test');
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.total).toBe(4);
    expect(data.data.map((d: { name: string }) => d.name)).toEqual([
      'Bakery',
      'Deli',
      'Front End',
      'Produce',
    ]);
    expect(data.data[0]).toMatchObject({ colour: '#8d6e63', description: 'Bakery department' });
  });

  it('searches, sorts and pages', async () => {
    const res = await list('owner@acme.test', { q: 'r', sort: 'name', order: 'desc', per_page: 2, page: 1 });
    expect(res.json().data.total).toBe(3);
    expect(res.json().data.data.map((d: { name: string }) => d.name)).toEqual(['Produce', 'Front End']);
    expect((await list('owner@acme.test', { sort: 'colour' })).statusCode).toBe(400);
  });

  it('still tells the total on a page past the end, and none when nothing matches', async () => {
    const past = (await list('owner@acme.test', { q: 'r', per_page: 2, page: 5 })).json().data;
    expect(past).toMatchObject({ data: [], total: 3, page: 5 });
    const none = (await list('owner@acme.test', { q: 'no such department' })).json().data;
    expect(none).toMatchObject({ data: [], total: 0 });
  });

  it('is readable by everyone who works with tasks, but needs a session and a task or department module', async () => {
    // Spec §7 lists the department list among the task calls: My Tasks filters by department.
    expect((await list('staff@acme.test')).statusCode).toBe(200);
    expect((await t.inject({ url: '/api/department/list' })).statusCode).toBe(401);
    expect((await list('operator@admin.test')).statusCode).toBe(403);
  });

  it('keeps tenants apart', async () => {
    expect(
      (await list('owner@globex.test')).json().data.data.map((d: { name: string }) => d.name),
    ).not.toContain('Bakery');
  });
});

describe('GET /api/department/get', () => {
  it('returns one department', async () => {
    const deli = await acmeDepartment('Deli');
    const res = await t.injectAs('area@acme.test', { url: '/api/department/get', query: { id: deli.id } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: deli.id, name: 'Deli', colour: '#ef6c00' });
  });

  it('answers 400, 401, 403 and 404 as it should', async () => {
    const deli = await acmeDepartment('Deli');
    const other = await globexDepartment();
    const get = (as: string, id: unknown) =>
      t.injectAs(as, { url: '/api/department/get', query: { id: String(id) } });
    expect((await get('owner@acme.test', 'x')).statusCode).toBe(400);
    expect((await t.inject({ url: '/api/department/get', query: { id: String(deli.id) } })).statusCode).toBe(
      401,
    );
    expect((await get('staff@acme.test', deli.id)).statusCode).toBe(403);
    expect((await get('owner@acme.test', other.id)).statusCode).toBe(404);
  });
});

describe('POST /api/department/create', () => {
  it('creates a department', async () => {
    const res = await create('owner@acme.test', {
      name: ' Seafood ',
      description: 'Fresh fish counter',
      colour: '#0277BD',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      name: 'Seafood',
      description: 'Fresh fish counter',
      colour: '#0277bd',
    });
  });

  it('refuses a name the tenant already uses with 409', async () => {
    const before = await departmentCount();
    const res = await create('owner@acme.test', { name: 'bakery', colour: '#000000' });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors.name).toMatch(/already exists/);
    expect(await departmentCount()).toBe(before);
  });

  it('refuses bad input with 400 and writes nothing', async () => {
    const before = await departmentCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '', colour: '#000000' }, 'name'],
      [{ name: '   ', colour: '#000000' }, 'name'],
      [{ name: 'Dairy', colour: 'blue' }, 'colour'],
      [{ name: 'Dairy' }, 'colour'],
      [{ name: 'Dairy', colour: '#000000', description: 'x'.repeat(501) }, 'description'],
    ];
    await expectEachRefused(cases, (payload) => create('owner@acme.test', payload), departmentCount, before);
  });

  it('needs a session and department.create', async () => {
    const payload = { name: 'Sneaky', colour: '#000000' };
    expect((await t.inject({ method: 'POST', url: '/api/department/create', payload })).statusCode).toBe(401);
    expect((await create('area@acme.test', payload)).statusCode).toBe(403);
  });
});

describe('PUT /api/department/update', () => {
  it('updates a department', async () => {
    const produce = await acmeDepartment('Produce');
    const res = await update('owner@acme.test', { ...produce, name: 'Fruit & Veg', colour: '#43a047' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: produce.id, name: 'Fruit & Veg', colour: '#43a047' });
  });

  it('answers 400, 401, 403, 404 and 409 as it should, writing nothing', async () => {
    const deli = await acmeDepartment('Deli');
    const other = await globexDepartment();
    const payload = { id: deli.id, name: 'Deli', colour: '#ef6c00' };
    expect((await update('owner@acme.test', { ...payload, colour: 'red' })).statusCode).toBe(400);
    expect((await t.inject({ method: 'PUT', url: '/api/department/update', payload })).statusCode).toBe(401);
    expect((await update('area@acme.test', { ...payload, name: 'Area Deli' })).statusCode).toBe(403);
    expect((await update('owner@acme.test', { ...payload, id: other.id })).statusCode).toBe(404);
    expect((await update('owner@acme.test', { ...payload, name: 'BAKERY' })).statusCode).toBe(409);
    expect(await acmeDepartment('Deli')).toMatchObject({ colour: '#ef6c00' });
  });
});

describe('DELETE /api/department/delete', () => {
  it('deletes a department', async () => {
    const made = (await create('owner@acme.test', { name: 'Short-lived', colour: '#999999' })).json().data;
    expect((await remove('owner@acme.test', made.id)).statusCode).toBe(200);
    expect((await remove('owner@acme.test', made.id)).statusCode).toBe(404);
  });

  it('answers 400, 401, 403 and 404 as it should, deleting nothing', async () => {
    const before = await departmentCount();
    const bakery = await acmeDepartment('Bakery');
    const other = await globexDepartment();
    expect(
      (await t.injectAs('owner@acme.test', { method: 'DELETE', url: '/api/department/delete' })).statusCode,
    ).toBe(400);
    expect(
      (await t.inject({ method: 'DELETE', url: '/api/department/delete', query: { id: String(bakery.id) } }))
        .statusCode,
    ).toBe(401);
    expect((await remove('area@acme.test', bakery.id)).statusCode).toBe(403);
    expect((await remove('owner@acme.test', other.id)).statusCode).toBe(404);
    expect(await departmentCount()).toBe(before + 1);
  });
});
