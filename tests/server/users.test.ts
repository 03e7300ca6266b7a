import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { positions, users } from '../../server/db/schema';
import { createTestApp, type TestApp } from './helpers/app';
import { organisation } from './helpers/organisation';
import { expectEachRefused } from './helpers/refusals';
import { taskBuilder } from './helpers/taskRows';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ loginRateLimit: { perIpPerMinute: 1000, perUsernamePer15Minutes: 1000 } });
});
afterAll(() => t.close());

const tenantId = (identifier: string) => organisation(t).tenantId(identifier);
const roleId = (name: string, tenant = 'acme') => organisation(t).roleId(name, tenant);
const nodeId = (name: string, tenant = 'acme') => organisation(t).nodeId(name, tenant);

async function userCount() {
  const [row] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(users);
  return row!.n;
}

const login = (username: string, password: string) =>
  t.inject({ method: 'POST', url: '/api/login', payload: { username, password } });

const list = (as: string, query: Record<string, string | number> = {}) =>
  t.injectAs(as, { url: '/api/user/list', query });

const create = (as: string, payload: Record<string, unknown>) =>
  t.injectAs(as, { method: 'POST', url: '/api/user/create', payload });

const update = (as: string, payload: Record<string, unknown>) =>
  t.injectAs(as, { method: 'PUT', url: '/api/user/update', payload });

async function newUser(email: string, assigns?: { node_id: number; role_id: number }[]) {
  const res = await create('owner@acme.test', {
    firstname: 'Nina',
    lastname: 'New',
    email,
    password: 'first-pass-123',
    assigns: assigns ?? [{ node_id: await nodeId('Bondi Junction'), role_id: await roleId('Team Member') }],
  });
  expect(res.statusCode).toBe(200);
  return res.json().data as { id: number; assigns: { id: number; node_id: number; role_id: number }[] };
}

describe('GET /api/user/list', () => {
  it('pages the whole tenant for a root position, with positions and status', async () => {
    const res = await list('owner@acme.test', { page: 2, per_page: 10, sort: 'email' });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ total: 45, page: 2, per_page: 10 });
    expect(data.data).toHaveLength(10);
    const emails = data.data.map((u: { email: string }) => u.email);
    expect(emails).toEqual([...emails].sort());
    expect(data.data[0]).toMatchObject({ status: 'active', force_reset: false });
    expect(data.data[0].assigns[0]).toMatchObject({ node_type: 'workspace', in_scope: true });
  });

  it('searches the field that `key` names', async () => {
    const search = async (key: string, value: string) =>
      (await list('owner@acme.test', { key, value, per_page: 100 }))
        .json()
        .data.data.map((u: { email: string }) => u.email);
    expect(await search('email', 'OWNER@')).toEqual(['owner@acme.test']);
    expect(await search('name', 'aaron area')).toEqual(['area@acme.test']);
    expect(await search('role', 'area manager')).toEqual(['area@acme.test']);
    const parramatta = await search('node', 'parramatta');
    expect(parramatta).toContain('reset@acme.test');
    expect(parramatta).not.toContain('staff@acme.test');
    expect(await search('status', 'disabled')).toEqual([]);
    expect(await search('status', 'active')).toHaveLength(45);
    // A LIKE wildcard is a character like any other.
    expect(await search('email', '%')).toEqual([]);
  });

  it('refuses an unknown search key or status with 400', async () => {
    expect((await list('owner@acme.test', { key: 'password', value: 'x' })).statusCode).toBe(400);
    const status = await list('owner@acme.test', { key: 'status', value: 'sleeping' });
    expect(status.statusCode).toBe(400);
    expect(status.json().message).toMatch(/active.*disabled/);
    expect((await list('owner@acme.test', { per_page: 0 })).statusCode).toBe(400);
  });

  it('needs a session and user.read', async () => {
    expect((await t.inject({ url: '/api/user/list' })).statusCode).toBe(401);
    expect((await list('staff@acme.test')).statusCode).toBe(403);
  });

  it('shows an area manager only the people of their area', async () => {
    const data = (await list('area@acme.test', { per_page: 500 })).json().data;
    const emails = data.data.map((u: { email: string }) => u.email);
    expect(emails).toEqual(expect.arrayContaining(['area@acme.test', 'store@acme.test', 'reset@acme.test']));
    expect(emails).not.toContain('owner@acme.test');
    expect(emails).not.toContain('isla.chen.7@acme.test');
    expect(data.total).toBe(emails.length);
    for (const user of data.data)
      expect(user.assigns.some((a: { in_scope: boolean }) => a.in_scope)).toBe(true);
  });

  it('keeps tenants apart', async () => {
    const emails = (await list('owner@globex.test')).json().data.data.map((u: { email: string }) => u.email);
    expect(emails.sort()).toEqual(['owner@globex.test', 'staff@globex.test']);
  });

  it('lists each user’s positions in id order, and no positions as an empty list', async () => {
    const teamMember = await roleId('Team Member');
    const two = await newUser('two.places@acme.test', [
      { node_id: await nodeId('Bondi Junction'), role_id: teamMember },
      { node_id: await nodeId('Geelong'), role_id: teamMember },
    ]);
    const [first, second] = two.assigns;
    expect(first!.id).toBeLessThan(second!.id);
    // Moving the older position (a kept position whose place changes) rewrites its row after the
    // newer one's: the list still sorts by id.
    const moved = await update('owner@acme.test', {
      id: two.id,
      firstname: 'Nina',
      lastname: 'New',
      assigns: [
        { id: first!.id, node_id: await nodeId('Newcastle'), role_id: teamMember },
        { id: second!.id, node_id: second!.node_id, role_id: teamMember },
      ],
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const none = await newUser('no.place@acme.test');
    await t.database.db
      .delete(positions)
      .where(and(eq(positions.tenantId, await tenantId('acme')), eq(positions.userId, none.id)));
    const listed = (await list('owner@acme.test', { key: 'email', value: '.place', sort: 'email' }))
      .json()
      .data.data.map((u: { email: string; assigns: { id: number; node_name: string }[] }) => [
        u.email,
        u.assigns.map((a) => [a.id, a.node_name]),
      ]);
    expect(listed).toEqual([
      ['no.place@acme.test', []],
      [
        'two.places@acme.test',
        [
          [first!.id, 'Newcastle'],
          [second!.id, 'Geelong'],
        ],
      ],
    ]);
  });
});

describe('GET /api/user/get', () => {
  it('returns the user with their positions', async () => {
    const store = await t.userByUsername('store@acme.test');
    const res = await t.injectAs('area@acme.test', { url: '/api/user/get', query: { id: store.id } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id: store.id,
      username: 'store@acme.test',
      firstname: 'Sophie',
      assigns: [{ node_name: 'Sydney CBD', role_name: 'Store Manager', in_scope: true }],
    });
    expect(res.json().data).not.toHaveProperty('password_hash');
    expect(JSON.stringify(res.json())).not.toContain('scrypt$');
  });

  it('answers 400, 401, 403 and 404 as it should', async () => {
    const owner = await t.userByUsername('owner@acme.test');
    const homer = await t.userByUsername('staff@globex.test');
    const melbourne = await t.userByUsername('isla.chen.7@acme.test');
    expect(
      (await t.injectAs('owner@acme.test', { url: '/api/user/get', query: { id: 'x' } })).statusCode,
    ).toBe(400);
    expect((await t.inject({ url: '/api/user/get', query: { id: owner.id } })).statusCode).toBe(401);
    expect(
      (await t.injectAs('staff@acme.test', { url: '/api/user/get', query: { id: owner.id } })).statusCode,
    ).toBe(403);
    expect(
      (await t.injectAs('area@acme.test', { url: '/api/user/get', query: { id: melbourne.id } })).statusCode,
    ).toBe(403);
    expect(
      (await t.injectAs('owner@acme.test', { url: '/api/user/get', query: { id: homer.id } })).statusCode,
    ).toBe(404);
  });
});

describe('POST /api/user/create', () => {
  it('creates a user whose username is the e-mail, at the positions given', async () => {
    const res = await create('owner@acme.test', {
      username: 'casey.new@acme.test',
      firstname: ' Casey ',
      lastname: 'New',
      email: 'casey.new@acme.test',
      password: 'casey-pass-123',
      force_reset: true,
      assigns: [
        { node_id: await nodeId('Sydney CBD'), role_id: await roleId('Store Manager') },
        { node_id: await nodeId('Victoria'), role_id: await roleId('Area Manager') },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      username: 'casey.new@acme.test',
      firstname: 'Casey',
      status: 'active',
      force_reset: true,
      assigns: [
        { node_name: 'Sydney CBD', role_name: 'Store Manager' },
        { node_name: 'Victoria', role_name: 'Area Manager' },
      ],
    });
    expect((await login('casey.new@acme.test', 'casey-pass-123')).statusCode).toBe(307);
  });

  it('mails a link to choose a password when none is given', async () => {
    const res = await create('owner@acme.test', {
      firstname: 'Link',
      lastname: 'Only',
      email: 'link.only@acme.test',
      password: '',
      assigns: [{ node_id: await nodeId('Newcastle'), role_id: await roleId('Team Member') }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.force_reset).toBe(true);
    const [mail] = await t.mailsTo('link.only@acme.test');
    expect(mail?.link).toMatch(/\/password\/reset\//);
  });

  it('refuses a taken e-mail with 409 and a field error, whatever its case', async () => {
    const before = await userCount();
    const res = await create('owner@acme.test', {
      firstname: 'Dup',
      lastname: 'Licate',
      email: 'STORE@acme.test',
      password: 'whatever-123',
      assigns: [{ node_id: await nodeId('Sydney CBD'), role_id: await roleId('Team Member') }],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors.email).toMatch(/already exists/);
    expect(await userCount()).toBe(before);
  });

  it('refuses bad input with 400 and writes nothing', async () => {
    const before = await userCount();
    const good = {
      firstname: 'Bad',
      lastname: 'Input',
      email: 'bad.input@acme.test',
      password: 'good-pass-123',
      assigns: [{ node_id: await nodeId('Sydney CBD'), role_id: await roleId('Team Member') }],
    };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...good, email: 'not-an-email' }, 'email'],
      [{ ...good, firstname: '   ' }, 'firstname'],
      [{ ...good, password: 'short' }, 'password'],
      [{ ...good, username: 'someone.else@acme.test' }, 'username'],
      [{ ...good, assigns: [] }, 'assigns'],
      [{ ...good, assigns: undefined }, 'assigns'],
      [
        { ...good, assigns: [{ node_id: await nodeId('Unassigned'), role_id: good.assigns[0]!.role_id }] },
        'assigns.0.node_id',
      ],
      [
        {
          ...good,
          assigns: [{ node_id: await nodeId('Springfield', 'globex'), role_id: good.assigns[0]!.role_id }],
        },
        'assigns.0.node_id',
      ],
      [
        {
          ...good,
          assigns: [{ node_id: good.assigns[0]!.node_id, role_id: await roleId('Team Member', 'globex') }],
        },
        'assigns.0.role_id',
      ],
      [{ ...good, assigns: [good.assigns[0], good.assigns[0]] }, 'assigns.1.node_id'],
    ];
    await expectEachRefused(cases, (payload) => create('owner@acme.test', payload), userCount, before);
  });

  it('needs a session and user.create', async () => {
    const payload = {
      firstname: 'No',
      lastname: 'Access',
      email: 'no.access@acme.test',
      password: 'good-pass-123',
      assigns: [{ node_id: await nodeId('Sydney CBD'), role_id: await roleId('Team Member') }],
    };
    expect((await t.inject({ method: 'POST', url: '/api/user/create', payload })).statusCode).toBe(401);
    expect((await create('store@acme.test', payload)).statusCode).toBe(403);
    expect((await create('staff@acme.test', payload)).statusCode).toBe(403);
  });

  it('keeps an area manager to their area and to roles within their own', async () => {
    const before = await userCount();
    const base = {
      firstname: 'Area',
      lastname: 'Hire',
      email: 'area.hire@acme.test',
      password: 'good-pass-123',
    };
    const outside = await create('area@acme.test', {
      ...base,
      assigns: [{ node_id: await nodeId('Melbourne Central'), role_id: await roleId('Team Member') }],
    });
    expect(outside.statusCode).toBe(403);
    expect(outside.json().errors['assigns.0.node_id']).toMatch(/your part of the organisation/);
    const admin = await create('area@acme.test', {
      ...base,
      assigns: [{ node_id: await nodeId('Sydney CBD'), role_id: await roleId('Administrator') }],
    });
    expect(admin.statusCode).toBe(403);
    expect(admin.json().errors['assigns.0.role_id']).toMatch(/Administrator/);
    expect(await userCount()).toBe(before);
    const inside = await create('area@acme.test', {
      ...base,
      assigns: [{ node_id: await nodeId('Sydney CBD'), role_id: await roleId('Store Manager') }],
    });
    expect(inside.statusCode).toBe(200);
  });
});

describe('PUT /api/user/update', () => {
  it('changes names and positions, keeping the ids of positions that stay', async () => {
    const created = await newUser('edit.me@acme.test');
    const kept = created.assigns[0]!;
    const res = await update('owner@acme.test', {
      id: created.id,
      firstname: 'Edited',
      lastname: 'Person',
      force_reset: false,
      assigns: [
        { id: kept.id, node_id: kept.node_id, role_id: kept.role_id },
        { node_id: await nodeId('Geelong'), role_id: await roleId('Store Manager') },
      ],
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ firstname: 'Edited', lastname: 'Person' });
    expect(data.assigns.map((a: { id: number }) => a.id)[0]).toBe(kept.id);
    expect(data.assigns.map((a: { node_name: string }) => a.node_name)).toEqual([
      'Bondi Junction',
      'Geelong',
    ]);
    // The password stays unless one is given.
    expect((await login('edit.me@acme.test', 'first-pass-123')).statusCode).toBe(200);
  });

  it('sets a new password when one is given and ends the user’s sessions', async () => {
    const created = await newUser('new.password@acme.test');
    const session = await t.tokenFor('new.password@acme.test');
    const res = await update('owner@acme.test', {
      id: created.id,
      firstname: 'Nina',
      lastname: 'New',
      password: 'second-pass-456',
    });
    expect(res.statusCode).toBe(200);
    expect((await login('new.password@acme.test', 'second-pass-456')).statusCode).toBe(200);
    expect((await login('new.password@acme.test', 'first-pass-123')).statusCode).toBe(400);
    const verify = await t.inject({
      url: '/api/user/verify',
      headers: { authorization: `Bearer ${session}` },
    });
    expect(verify.statusCode).toBe(401);
  });

  it('refuses bad input with 400 and writes nothing', async () => {
    const created = await newUser('stay.same@acme.test');
    for (const payload of [
      { id: created.id, firstname: '', lastname: 'X' },
      { id: created.id, firstname: 'A', lastname: 'B', password: 'short' },
      { id: created.id, firstname: 'A', lastname: 'B', assigns: [] },
      { id: created.id, firstname: 'A', lastname: 'B', assigns: [{ id: 999999, node_id: 1, role_id: 1 }] },
    ]) {
      expect((await update('owner@acme.test', payload)).statusCode).toBe(400);
    }
    const row = await t.userByUsername('stay.same@acme.test');
    expect(row.firstname).toBe('Nina');
    const held = await t.database.db.select().from(positions).where(eq(positions.userId, created.id));
    expect(held).toHaveLength(1);
  });

  it('refuses an e-mail another user has with 409', async () => {
    const created = await newUser('mail.clash@acme.test');
    const res = await update('owner@acme.test', {
      id: created.id,
      firstname: 'Nina',
      lastname: 'New',
      email: 'staff@acme.test',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors.email).toBeDefined();
  });

  it('answers 401, 403 and 404 as it should', async () => {
    const store = await t.userByUsername('store@acme.test');
    const homer = await t.userByUsername('staff@globex.test');
    const payload = { id: store.id, firstname: 'Hacked', lastname: 'Name' };
    expect((await t.inject({ method: 'PUT', url: '/api/user/update', payload })).statusCode).toBe(401);
    expect((await update('staff@acme.test', payload)).statusCode).toBe(403);
    expect((await update('owner@acme.test', { ...payload, id: homer.id })).statusCode).toBe(404);
    expect((await t.userByUsername('store@acme.test')).firstname).toBe('Sophie');
  });

  it('keeps an area manager away from people outside their area and above their role', async () => {
    const melbourne = await t.userByUsername('isla.chen.7@acme.test');
    const outside = await update('area@acme.test', { id: melbourne.id, firstname: 'X', lastname: 'Y' });
    expect(outside.statusCode).toBe(403);
    // An administrator who also works at a store of the area is still not the area manager's to change.
    const admin = await newUser('admin.in.store@acme.test', [
      { node_id: await nodeId('Sydney CBD'), role_id: await roleId('Administrator') },
    ]);
    const above = await update('area@acme.test', {
      id: admin.id,
      firstname: 'X',
      lastname: 'Y',
      password: 'taken-over-1',
    });
    expect(above.statusCode).toBe(403);
    expect(above.json().message).toMatch(/role/);
    const reset = await t.injectAs('store@acme.test', {
      method: 'POST',
      url: '/api/user/reset-password',
      payload: { id: admin.id },
    });
    expect(reset.statusCode).toBe(403);
    expect((await login('admin.in.store@acme.test', 'first-pass-123')).statusCode).toBe(200);
  });

  it('keeps positions outside the caller’s area when an area manager edits', async () => {
    const both = await newUser('two.areas@acme.test', [
      { node_id: await nodeId('Parramatta'), role_id: await roleId('Team Member') },
      { node_id: await nodeId('Geelong'), role_id: await roleId('Team Member') },
    ]);
    const res = await update('area@acme.test', {
      id: both.id,
      firstname: 'Two',
      lastname: 'Areas',
      assigns: [{ node_id: await nodeId('Bondi Junction'), role_id: await roleId('Store Manager') }],
    });
    expect(res.statusCode).toBe(200);
    const names = res
      .json()
      .data.assigns.map((a: { node_name: string; in_scope: boolean }) => [a.node_name, a.in_scope]);
    expect(names).toEqual([
      ['Geelong', false],
      ['Bondi Junction', true],
    ]);
  });

  it('refuses to leave the tenant without an administrator at the root', async () => {
    const owner = await t.userByUsername('owner@acme.test');
    const res = await update('owner@acme.test', {
      id: owner.id,
      firstname: 'Olivia',
      lastname: 'Owner',
      assigns: [{ node_id: await nodeId('Sydney CBD'), role_id: await roleId('Store Manager') }],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/manage users and roles/);
    const held = await t.database.db.select().from(positions).where(eq(positions.userId, owner.id));
    expect(held.map((p) => p.roleId)).toEqual([await roleId('Administrator')]);
  });
});

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
    const res = await resetPassword('olivia.smith.1@acme.test', store.id);
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

describe('what is kept follows a change to people', () => {
  const date = '2031-06-02';
  /** How many people a communication at Sydney CBD counts, on that store's day as one of them sees it. */
  const peopleCounted = async (assignmentId: number) => {
    const res = await t.injectAs('day.reader@acme.test', {
      url: '/api/user/task/date',
      query: { datetime: date, timezone: 'Australia/Sydney' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const cards = res.json().data.data.flatMap((g: { tasks: unknown[] }) => g.tasks);
    return cards.find((c: { assignment_id: number }) => c.assignment_id === assignmentId).acknowledgement
      .people as number;
  };

  it('a store’s day counts a person placed there by create, and no longer once update moves them', async () => {
    const tasks = taskBuilder(t);
    const note = await tasks.createTask({ title: 'Counted by create and update', kind: 'communication' });
    const a = await tasks.assign(note.id, 'Sydney CBD', { date });
    // Earlier tests sent the seeded staff a reset; someone of the store reads its day.
    await newUser('day.reader@acme.test', [
      { node_id: await nodeId('Sydney CBD'), role_id: await roleId('Team Member') },
    ]);
    const before = await peopleCounted(a.id);
    const created = await newUser('counted.here@acme.test', [
      { node_id: await nodeId('Sydney CBD'), role_id: await roleId('Team Member') },
    ]);
    expect(await peopleCounted(a.id)).toBe(before + 1);
    const moved = await update('owner@acme.test', {
      id: created.id,
      firstname: 'Nina',
      lastname: 'New',
      assigns: [{ node_id: await nodeId('Bondi Junction'), role_id: await roleId('Team Member') }],
    });
    expect(moved.statusCode).toBe(200);
    expect(await peopleCounted(a.id)).toBe(before);
  });

  it('the user list shows new names, positions and a requested reset at once', async () => {
    const created = await newUser('listed.kept@acme.test');
    const listed = async () => {
      const res = await list('owner@acme.test', { key: 'email', value: 'listed.kept@' });
      expect(res.statusCode).toBe(200);
      return res.json().data.data[0];
    };
    expect(await listed()).toMatchObject({ firstname: 'Nina', force_reset: false });
    const res = await update('owner@acme.test', {
      id: created.id,
      firstname: 'Renamed',
      lastname: 'Later',
      assigns: [{ node_id: await nodeId('Geelong'), role_id: await roleId('Team Member') }],
    });
    expect(res.statusCode).toBe(200);
    const after = await listed();
    expect(after).toMatchObject({ firstname: 'Renamed', lastname: 'Later' });
    expect(after.assigns.map((p: { node_name: string }) => p.node_name)).toEqual(['Geelong']);
    expect((await resetPassword('owner@acme.test', created.id)).statusCode).toBe(200);
    expect((await listed()).force_reset).toBe(true);
  });
});
