import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { positions, sessions, users } from '../../server/db/schema';
import { createTestApp, type TestApp } from './helpers/app';
import { organisation } from './helpers/organisation';
import { taskBuilder } from './helpers/taskRows';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ loginRateLimit: { perIpPerMinute: 1000, perUsernamePer15Minutes: 1000 } });
});
afterAll(() => t.close());

const roleId = (name: string) => organisation(t).roleId(name);
const nodeId = (name: string) => organisation(t).nodeId(name);

const PASSWORD = 'status-pass-123';
const login = (username: string) =>
  t.inject({ method: 'POST', url: '/api/login', payload: { username, password: PASSWORD } });

async function newUser(email: string, node = 'Bondi Junction', role = 'Team Member') {
  const res = await t.injectAs('owner@acme.test', {
    method: 'POST',
    url: '/api/user/create',
    payload: {
      firstname: 'Stat',
      lastname: 'Us',
      email,
      password: PASSWORD,
      assigns: [{ node_id: await nodeId(node), role_id: await roleId(role) }],
    },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data.id as number;
}

const put = (as: string, action: 'enable' | 'disable', id: unknown) =>
  t.injectAs(as, { method: 'PUT', url: `/api/user/${action}`, payload: { id } });
const remove = (as: string, id: unknown) =>
  t.injectAs(as, { method: 'DELETE', url: '/api/user/delete', query: { id: String(id) } });

async function enabled(id: number) {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
  return row?.enabled;
}

describe('PUT /api/user/disable and /api/user/enable', () => {
  it('disables an account: its open sessions stop working and it cannot sign in; enabling restores it', async () => {
    const id = await newUser('to.disable@acme.test');
    const token = (await login('to.disable@acme.test')).json().data.token;
    const verify = () => t.inject({ url: '/api/user/verify', headers: { authorization: `Bearer ${token}` } });
    expect((await verify()).statusCode).toBe(200);

    const res = await put('owner@acme.test', 'disable', id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id, status: 'disabled' });
    expect((await verify()).statusCode).toBe(401);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, id))).toHaveLength(0);
    expect((await login('to.disable@acme.test')).statusCode).toBe(400);

    const back = await put('owner@acme.test', 'enable', id);
    expect(back.json().data.status).toBe('active');
    expect((await login('to.disable@acme.test')).statusCode).toBe(200);
  });

  it('refuses a bad id with 400', async () => {
    for (const id of [undefined, 'abc', 0])
      expect((await put('owner@acme.test', 'disable', id)).statusCode).toBe(400);
  });

  it('needs a session and user.disable', async () => {
    const id = await newUser('keep.enabled@acme.test');
    expect((await t.inject({ method: 'PUT', url: '/api/user/disable', payload: { id } })).statusCode).toBe(
      401,
    );
    // A store manager may edit people but not switch accounts off.
    expect((await put('store@acme.test', 'disable', id)).statusCode).toBe(403);
    expect((await put('store@acme.test', 'enable', id)).statusCode).toBe(403);
    expect(await enabled(id)).toBe(true);
  });

  it('answers 404 for another tenant’s user', async () => {
    const homer = await t.userByUsername('staff@globex.test');
    expect((await put('owner@acme.test', 'disable', homer.id)).statusCode).toBe(404);
    expect(await enabled(homer.id)).toBe(true);
  });

  it('keeps an area manager to their area', async () => {
    const outside = await newUser('outside.area@acme.test', 'Geelong');
    const res = await put('area@acme.test', 'disable', outside);
    expect(res.statusCode).toBe(403);
    expect(await enabled(outside)).toBe(true);
    const inside = await newUser('inside.area@acme.test', 'Parramatta');
    expect((await put('area@acme.test', 'disable', inside)).statusCode).toBe(200);
    expect(await enabled(inside)).toBe(false);
  });

  it('refuses to disable yourself', async () => {
    const owner = await t.userByUsername('owner@acme.test');
    const res = await put('owner@acme.test', 'disable', owner.id);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/your own account/);
    expect(await enabled(owner.id)).toBe(true);
  });

  it('lets one administrator disable another while one stays', async () => {
    await newUser('second.admin@acme.test', 'Acme Retail', 'Administrator');
    const third = await newUser('third.admin@acme.test', 'Acme Retail', 'Administrator');
    expect((await put('second.admin@acme.test', 'disable', third)).statusCode).toBe(200);
    expect((await put('second.admin@acme.test', 'enable', third)).statusCode).toBe(200);
    expect(await enabled(third)).toBe(true);
  });
});

describe('DELETE /api/user/delete', () => {
  it('deletes the user with their positions', async () => {
    const id = await newUser('to.delete@acme.test');
    const res = await remove('owner@acme.test', id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ id });
    expect(await enabled(id)).toBeUndefined();
    expect(await t.database.db.select().from(positions).where(eq(positions.userId, id))).toHaveLength(0);
    expect((await remove('owner@acme.test', id)).statusCode).toBe(404);
  });

  it('answers 400, 401, 403 and 404 as it should, deleting nothing', async () => {
    const id = await newUser('not.deleted@acme.test', 'Sydney CBD');
    const homer = await t.userByUsername('staff@globex.test');
    expect(
      (await t.injectAs('owner@acme.test', { method: 'DELETE', url: '/api/user/delete' })).statusCode,
    ).toBe(400);
    expect(
      (await t.inject({ method: 'DELETE', url: '/api/user/delete', query: { id: String(id) } })).statusCode,
    ).toBe(401);
    // Area managers may disable but not delete.
    expect((await remove('area@acme.test', id)).statusCode).toBe(403);
    expect((await remove('owner@acme.test', homer.id)).statusCode).toBe(404);
    expect(await enabled(id)).toBe(true);
    expect(await enabled(homer.id)).toBe(true);
  });

  it('refuses to delete yourself', async () => {
    const owner = await t.userByUsername('owner@acme.test');
    expect((await remove('owner@acme.test', owner.id)).statusCode).toBe(403);
    expect(await enabled(owner.id)).toBe(true);
  });

  it('keeps a caller with user.delete to their own area', async () => {
    // A custom role: an area manager who may also delete people.
    const create = await t.injectAs('owner@acme.test', {
      method: 'POST',
      url: '/api/role/create',
      payload: {
        name: 'Area Manager with delete',
        permissions: [
          { id: 'user', status: 'active', capabilities: ['read', 'update', 'delete'] },
          // Enough to manage Team Members: a role cannot manage people who hold more than it does.
          { id: 'profile', status: 'active', capabilities: ['read', 'update'] },
          { id: 'storeinfo', status: 'active', capabilities: ['read'] },
          { id: 'mytasks', status: 'active', capabilities: ['read'] },
          { id: 'compliance', status: 'active', capabilities: ['read'] },
          { id: 'action', status: 'active', capabilities: ['read'] },
        ],
      },
    });
    expect(create.statusCode).toBe(200);
    await newUser('deleting.area@acme.test', 'Sydney Metro', 'Area Manager with delete');
    const outside = await newUser('far.away@acme.test', 'Ballarat');
    expect((await remove('deleting.area@acme.test', outside)).statusCode).toBe(403);
    expect(await enabled(outside)).toBe(true);
    const inside = await newUser('close.by@acme.test', 'Bondi Junction');
    expect((await remove('deleting.area@acme.test', inside)).statusCode).toBe(200);
  });
});

describe('a store’s day counts the enabled people positioned there', () => {
  it('counts one less after disable, one more after enable, and one less after delete', async () => {
    const tasks = taskBuilder(t);
    const note = await tasks.createTask({ title: 'Counted by status', kind: 'communication' });
    const date = '2031-06-09';
    const a = await tasks.assign(note.id, 'Sydney CBD', { date });
    const counted = async () => {
      const res = await t.injectAs('staff@acme.test', {
        url: '/api/user/task/date',
        query: { datetime: date, timezone: 'Australia/Sydney' },
      });
      expect(res.statusCode, res.body).toBe(200);
      const cards = res.json().data.data.flatMap((g: { tasks: unknown[] }) => g.tasks);
      return cards.find((c: { assignment_id: number }) => c.assignment_id === a.id).acknowledgement
        .people as number;
    };
    const id = await newUser('counted.status@acme.test', 'Sydney CBD');
    const before = await counted();
    expect((await put('owner@acme.test', 'disable', id)).statusCode).toBe(200);
    expect(await counted()).toBe(before - 1);
    expect((await put('owner@acme.test', 'enable', id)).statusCode).toBe(200);
    expect(await counted()).toBe(before);
    expect((await remove('owner@acme.test', id)).statusCode).toBe(200);
    expect(await counted()).toBe(before - 1);
  });
});
