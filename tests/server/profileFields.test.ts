import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileFields, profileValues } from '../../server/db/schema';
import { bumpPeople } from '../../server/lib/versions';
import { createTestApp, type TestApp } from './helpers/app';
import { expectEachRefused } from './helpers/refusals';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Field = {
  id: number;
  name: string;
  short_name: string;
  type: string;
  built_in: boolean;
  sort_order: number;
};

async function fieldCount() {
  const [row] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(profileFields);
  return row!.n;
}

const list = (as = 'owner@acme.test') => t.injectAs(as, { url: '/api/profile-field/list' });
const fields = async (as = 'owner@acme.test') => (await list(as)).json().data.data as Field[];
const create = (payload: Record<string, unknown>, as = 'owner@acme.test') =>
  t.injectAs(as, { method: 'POST', url: '/api/profile-field/create', payload });
const update = (payload: Record<string, unknown>, as = 'owner@acme.test') =>
  t.injectAs(as, { method: 'PUT', url: '/api/profile-field/update', payload });
const remove = (id: unknown, as = 'owner@acme.test') =>
  t.injectAs(as, { method: 'DELETE', url: '/api/profile-field/delete', query: { id: String(id) } });
const reorder = (ids: unknown, as = 'owner@acme.test') =>
  t.injectAs(as, { method: 'PUT', url: '/api/profile-field/reorder', payload: { ids } });

const timezoneField = async (as = 'owner@acme.test') => (await fields(as)).find((f) => f.built_in)!;

describe('GET /api/profile-field/list and /get', () => {
  it('lists the tenant’s fields in order, starting with the built-in time zone', async () => {
    const res = await list();
    expect(res.statusCode).toBe(200);
    expect(res.json().data.data).toEqual([
      expect.objectContaining({
        short_name: 'timezone',
        type: 'timezone',
        built_in: true,
        active: true,
        value_count: 0,
      }),
    ]);
    const one = await t.injectAs('owner@acme.test', {
      url: '/api/profile-field/get',
      query: { id: res.json().data.data[0].id },
    });
    expect(one.json().data.short_name).toBe('timezone');
  });

  it('answers 400, 401, 403 and 404 as it should', async () => {
    const globex = await timezoneField('owner@globex.test');
    const get = (id: unknown, as = 'owner@acme.test') =>
      t.injectAs(as, { url: '/api/profile-field/get', query: { id: String(id) } });
    expect((await get('x')).statusCode).toBe(400);
    expect((await t.inject({ url: '/api/profile-field/list' })).statusCode).toBe(401);
    expect((await list('area@acme.test')).statusCode).toBe(403);
    expect((await get(globex.id)).statusCode).toBe(404);
  });
});

describe('POST /api/profile-field/create', () => {
  it('adds fields at the end of the form', async () => {
    const text = await create({
      name: 'Employee ID',
      short_name: 'employee_id',
      type: 'text',
      required: true,
    });
    expect(text.statusCode).toBe(200);
    expect(text.json().data).toMatchObject({
      short_name: 'employee_id',
      required: true,
      active: true,
      options: [],
    });
    const select = await create({
      name: 'Shirt size',
      short_name: 'shirt_size',
      type: 'select',
      options: [' S ', 'M', 'L'],
    });
    expect(select.json().data.options).toEqual(['S', 'M', 'L']);
    const order = (await fields()).map((f) => f.short_name);
    expect(order).toEqual(['timezone', 'employee_id', 'shirt_size']);
  });

  it('refuses a short name in use with 409', async () => {
    const before = await fieldCount();
    const res = await create({ name: 'Zone', short_name: 'timezone', type: 'text' });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors.short_name).toBeDefined();
    expect(await fieldCount()).toBe(before);
  });

  it('refuses bad input with 400 and writes nothing', async () => {
    const before = await fieldCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '  ', short_name: 'a', type: 'text' }, 'name'],
      [{ name: 'A', short_name: 'Has Spaces', type: 'text' }, 'short_name'],
      [{ name: 'A', short_name: '1st', type: 'text' }, 'short_name'],
      [{ name: 'A', short_name: 'a', type: 'colour' }, 'type'],
      [{ name: 'A', short_name: 'a', type: 'select', options: [] }, 'options'],
      [{ name: 'A', short_name: 'a', type: 'select', options: ['x', 'X'] }, 'options'],
    ];
    await expectEachRefused(cases, (payload) => create(payload), fieldCount, before);
  });

  it('needs a session and profilemanagement.create', async () => {
    const payload = { name: 'Nope', short_name: 'nope', type: 'text' };
    expect((await t.inject({ method: 'POST', url: '/api/profile-field/create', payload })).statusCode).toBe(
      401,
    );
    expect((await create(payload, 'area@acme.test')).statusCode).toBe(403);
  });
});

describe('PUT /api/profile-field/update', () => {
  it('edits a field', async () => {
    const made = (await create({ name: 'Start date', short_name: 'start_date', type: 'date' })).json().data;
    const res = await update({ ...made, name: 'First day', required: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'First day', required: true, type: 'date' });
  });

  it('lets the built-in time zone be renamed but not change type or short name', async () => {
    const zone = await timezoneField();
    expect((await update({ ...zone, name: 'Home time zone' })).statusCode).toBe(200);
    const type = await update({ ...zone, type: 'text' });
    expect(type.statusCode).toBe(400);
    expect(type.json().errors.type).toMatch(/built in/);
    expect((await update({ ...zone, short_name: 'tz' })).statusCode).toBe(400);
    expect(await timezoneField()).toMatchObject({
      type: 'timezone',
      short_name: 'timezone',
      name: 'Home time zone',
    });
  });

  it('answers 401, 403, 404 and 409 as it should', async () => {
    const zone = await timezoneField();
    const globex = await timezoneField('owner@globex.test');
    const made = (await create({ name: 'Locker', short_name: 'locker', type: 'number' })).json().data;
    expect(
      (await t.inject({ method: 'PUT', url: '/api/profile-field/update', payload: made })).statusCode,
    ).toBe(401);
    expect((await update(made, 'area@acme.test')).statusCode).toBe(403);
    expect((await update({ ...globex, name: 'Hijacked' })).statusCode).toBe(404);
    expect((await update({ ...made, short_name: zone.short_name })).statusCode).toBe(409);
    expect((await timezoneField('owner@globex.test')).name).toBe('Time zone');
  });
});

describe('PUT /api/profile-field/reorder', () => {
  it('puts the fields in the order given', async () => {
    const ids = (await fields()).map((f) => f.id).reverse();
    const res = await reorder(ids);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.data.map((f: Field) => f.id)).toEqual(ids);
  });

  it('needs every field exactly once', async () => {
    const before = (await fields()).map((f) => f.id);
    const globex = await timezoneField('owner@globex.test');
    for (const ids of [before.slice(1), [...before, before[0]], [...before.slice(1), globex.id], []]) {
      expect((await reorder(ids)).statusCode).toBe(400);
    }
    expect((await fields()).map((f) => f.id)).toEqual(before);
    expect((await reorder(before, 'area@acme.test')).statusCode).toBe(403);
  });
});

describe('DELETE /api/profile-field/delete', () => {
  /** A new text field (its short name the name in lower case) with the staff member's value in it. */
  const valueOfStaff = async (name: string, value: string) => {
    const made = (await create({ name, short_name: name.toLowerCase(), type: 'text' })).json().data;
    const staff = await t.userByUsername('staff@acme.test');
    await t.database.db
      .insert(profileValues)
      .values({ tenantId: staff.tenantId, userId: staff.id, fieldId: made.id, value });
    return { made, staff };
  };

  it('deletes a field with the values people entered', async () => {
    const { made } = await valueOfStaff('Nickname', 'Sammy');
    expect((await fields()).find((f) => f.id === made.id)).toMatchObject({ value_count: 1 });
    expect((await remove(made.id)).statusCode).toBe(200);
    expect(
      await t.database.db.select().from(profileValues).where(eq(profileValues.fieldId, made.id)),
    ).toHaveLength(0);
  });

  it('reaches verify at once: a new short name, then the value gone with its field', async () => {
    const { made, staff } = await valueOfStaff('Lanyard', 'B12');
    // Written as the profile service would.
    await bumpPeople(t.database.db, staff.tenantId, [staff.id]);
    const held = async () =>
      (await t.injectAs('staff@acme.test', { url: '/api/user/verify' })).json().data.profile_data as {
        short_name: string;
        value: string;
      }[];
    expect(await held()).toContainEqual(expect.objectContaining({ short_name: 'lanyard', value: 'B12' }));
    const renamed = await update({ id: made.id, name: 'Lanyard', short_name: 'lanyard_no', type: 'text' });
    expect(renamed.statusCode).toBe(200);
    expect(await held()).toContainEqual(expect.objectContaining({ short_name: 'lanyard_no', value: 'B12' }));
    expect((await remove(made.id)).statusCode).toBe(200);
    expect((await held()).map((v) => v.short_name)).not.toContain('lanyard_no');
  });

  it('refuses the built-in time zone', async () => {
    const zone = await timezoneField();
    const res = await remove(zone.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/inactive instead/);
  });

  it('answers 400, 401, 403 and 404 as it should', async () => {
    const made = (await create({ name: 'Badge', short_name: 'badge', type: 'text' })).json().data;
    const globex = await timezoneField('owner@globex.test');
    expect(
      (await t.injectAs('owner@acme.test', { method: 'DELETE', url: '/api/profile-field/delete' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await t.inject({ method: 'DELETE', url: '/api/profile-field/delete', query: { id: String(made.id) } }))
        .statusCode,
    ).toBe(401);
    expect((await remove(made.id, 'area@acme.test')).statusCode).toBe(403);
    expect((await remove(globex.id)).statusCode).toBe(404);
    expect((await fields()).map((f) => f.id)).toContain(made.id);
  });
});
