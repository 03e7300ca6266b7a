import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/client';
import * as schema from '../../server/db/schema';
import { users } from '../../server/db/schema';
import { startSession } from '../../server/modules/session/service';
import { AREA, OWNER, STAFF, STORE, SYDNEY } from './helpers/acmePeople';
import { type InjectResponse, type TestApp, type TestDatabase, testConfig } from './helpers/app';
import { openTwoProcesses, type TwoProcesses } from './helpers/secondProcess';
import { onPostgres, postgresUrl } from './helpers/target';
import { localDate } from './helpers/taskRows';
import { taskKit } from './helpers/tasks';

/*
 * Two API processes on one database, requests alternating between them. What a process keeps
 * (server/lib/keptAnswers.ts, the tree cache) is keyed by versions that a write bumps in its own
 * transaction and that the guard reads on every request: so a write taken by process A shows on
 * process B's very next request, with nothing to wait for. Each case first reads the answer on B
 * (so B keeps it), then writes on A, then reads on B again: a pass proves B's kept answer was
 * passed over, not that B read cold.
 *
 * On PostgreSQL B has its own connections (connectAgain). PGlite is one process's database: B
 * shares its client, but gets a Db object of its own, so that nothing A keeps per Db (the tree
 * cache) is shared with B either.
 */

const PASSWORD = 'two-processes-123';

let db: TestDatabase;
let a: TestApp;
let b: TestApp;
let processes: TwoProcesses;

beforeAll(async () => {
  processes = await openTwoProcesses();
  ({ a, b, db } = processes);
});
afterAll(() => processes?.close());

/** A request that must succeed: its data. */
async function data(res: Promise<InjectResponse>, what: string) {
  const done = await res;
  expect(done.statusCode, `${what}: ${done.body.slice(0, 500)}`).toBe(200);
  return done.json().data;
}

const get = (p: TestApp, as: string, url: string, query?: Record<string, string | number>) =>
  p.injectAs(as, { url, query });
const send = (p: TestApp, as: string, method: 'POST' | 'PUT' | 'DELETE', url: string, payload: unknown) =>
  method === 'DELETE'
    ? p.injectAs(as, { method, url, query: payload as Record<string, string> })
    : p.injectAs(as, { method, url, payload });

const verify = (p: TestApp, as: string) => get(p, as, '/api/user/verify');

type Listed = { id: number; username: string; firstname: string; lastname: string; status: string };
const userList = async (p: TestApp, as: string, query: Record<string, string | number> = {}) =>
  (await data(get(p, as, '/api/user/list', { page: 1, per_page: 500, ...query }), `user list on ${as}`))
    .data as Listed[];

type Card = { assignment_id: number; task_id: number; title: string; done: boolean; status: string };
const dayOf = async (p: TestApp, as: string, date: string) =>
  (
    (await data(get(p, as, '/api/user/task/date', { datetime: date, timezone: SYDNEY }), `day of ${as}`))
      .data as { tasks: Card[] }[]
  ).flatMap((group) => group.tasks);
type Urgent = { assignment_id: number; task_id: number; status: boolean };
const urgentOf = async (p: TestApp, as: string) =>
  (
    await data(
      get(p, as, '/api/user/task/urgent', { datetime: Math.floor(Date.now() / 1000), timezone: SYDNEY }),
      `urgent of ${as}`,
    )
  ).data as Urgent[];

/** A person made on `p` through the API (so every version it touches is bumped), with a session. */
async function newPerson(p: TestApp, email: string, node = 'Bondi Junction', role = 'Team Member') {
  const k = taskKit(p);
  const tenantId = await k.tenantId();
  const [roleRow] = await p.database.db
    .select({ id: schema.roles.id })
    .from(schema.roles)
    .where(and(eq(schema.roles.tenantId, tenantId), eq(schema.roles.name, role)));
  const created = await data(
    send(p, OWNER, 'POST', '/api/user/create', {
      firstname: 'Second',
      lastname: 'Process',
      email,
      password: PASSWORD,
      assigns: [{ node_id: await k.nodeId(node), role_id: roleRow!.id }],
    }),
    `create ${email}`,
  );
  return created.id as number;
}

describe('two processes on one database', () => {
  it('keeps answers on B: a write straight to the database, bumping nothing, is not seen there', async () => {
    // The control for every case below: B answers from memory, so a write shows on B only
    // because it moved a version B keys by.
    const olivia = await a.userByUsername('olivia.smith.1@acme.test');
    const firstnameOn = async (p: TestApp) =>
      (await userList(p, OWNER, { key: 'email', value: 'olivia.smith.1@' })).find((u) => u.id === olivia.id)
        ?.firstname;
    expect(await firstnameOn(b)).toBe(olivia.firstname);
    const rename = (firstname: string) =>
      a.database.db.update(users).set({ firstname }).where(eq(users.id, olivia.id));
    try {
      await rename('Unversioned');
      expect(await firstnameOn(b)).toBe(olivia.firstname);
      // A had not read that page: it reads the row as it is now.
      expect(await firstnameOn(a)).toBe('Unversioned');
    } finally {
      await rename(olivia.firstname);
    }
    expect(b.app.kept.size).toBeGreaterThan(0);
  });

  it('refuses a person disabled on A on B’s very next request', async () => {
    const id = await newPerson(a, 'disabled.on.a@acme.test');
    const email = 'disabled.on.a@acme.test';
    // B keeps the guard's resolution of the session and the person's verify.
    expect((await verify(b, email)).statusCode).toBe(200);
    expect((await verify(b, email)).statusCode).toBe(200);
    expect(await data(send(a, OWNER, 'PUT', '/api/user/disable', { id }), 'disable')).toMatchObject({
      status: 'disabled',
    });
    expect((await verify(b, email)).statusCode).toBe(401);
    // And the owner's list on B shows the person disabled (warmed before, below, and after).
    const statusOnB = async () => (await userList(b, OWNER, { key: 'email', value: email }))[0]?.status;
    expect(await statusOnB()).toBe('disabled');
    expect(await data(send(a, OWNER, 'PUT', '/api/user/enable', { id }), 'enable')).toMatchObject({
      status: 'active',
    });
    expect(await statusOnB()).toBe('active');
  });

  it('refuses on B a session ended on A', async () => {
    const owner = await a.userByUsername(OWNER);
    const token = await startSession(a.database.db, owner.tenantId, owner.id);
    const withToken = (p: TestApp, method: 'GET' | 'POST', url: string) =>
      p.app.inject({ method, url, headers: { authorization: `Bearer ${token}` } });
    expect((await withToken(b, 'GET', '/api/user/verify')).statusCode).toBe(200);
    expect((await withToken(b, 'GET', '/api/user/list?page=1&per_page=500')).statusCode).toBe(200);
    expect((await withToken(a, 'POST', '/api/logout')).statusCode).toBe(200);
    expect((await withToken(b, 'GET', '/api/user/verify')).statusCode).toBe(401);
    expect((await withToken(b, 'GET', '/api/user/list?page=1&per_page=500')).statusCode).toBe(401);
    // The owner's other session goes on.
    expect((await verify(b, OWNER)).statusCode).toBe(200);
  });

  it('answers 403 on B once A removed the capability from the role', async () => {
    const k = taskKit(a);
    const [roleRow] = await a.database.db
      .select({ id: schema.roles.id })
      .from(schema.roles)
      .where(and(eq(schema.roles.tenantId, await k.tenantId()), eq(schema.roles.name, 'Area Manager')));
    type Permission = { id: string; status: string; capabilities: string[] };
    const role = await data(get(a, OWNER, '/api/role/get', { id: roleRow!.id }), 'role get');
    const permissions = role.permissions as Permission[];
    const userGrant = permissions.find((p) => p.id === 'user');
    expect(userGrant?.capabilities).toContain('read');
    const update = (next: Permission[]) =>
      data(
        send(a, OWNER, 'PUT', '/api/role/update', {
          id: role.id,
          name: role.name,
          description: role.description,
          permissions: next,
        }),
        'role update',
      );
    // B keeps the area manager's guard (who may do what) and their user list page.
    expect((await get(b, AREA, '/api/user/list', { page: 1, per_page: 500 })).statusCode).toBe(200);
    const canOnB = async () =>
      (
        (await data(verify(b, AREA), 'verify of the area manager')).modules as {
          id: string;
          capabilities: string[];
        }[]
      ).find((m) => m.id === 'user')?.capabilities ?? [];
    expect(await canOnB()).toContain('read');
    try {
      await update(
        permissions.map((p) =>
          p.id === 'user' ? { ...p, capabilities: p.capabilities.filter((c) => c !== 'read') } : p,
        ),
      );
      const refused = await get(b, AREA, '/api/user/list', { page: 1, per_page: 500 });
      expect(refused.statusCode, refused.body).toBe(403);
      expect(await canOnB()).not.toContain('read');
    } finally {
      await update(permissions);
    }
    expect((await get(b, AREA, '/api/user/list', { page: 1, per_page: 500 })).statusCode).toBe(200);
  });

  it('refuses on B a module switched off on A', async () => {
    const departments = await data(get(a, OWNER, '/api/department/list'), 'departments');
    const first = (departments.data as { id: number }[])[0]!;
    const switchDepartments = (enabled: boolean) =>
      data(
        send(a, OWNER, 'PUT', '/api/setting/update', { modules: [{ id: 'department', enabled }] }),
        'settings',
      );
    const modulesOnB = async () =>
      ((await data(verify(b, OWNER), 'verify')).modules as { id: string }[]).map((m) => m.id);
    expect((await get(b, OWNER, '/api/department/get', { id: first.id })).statusCode).toBe(200);
    expect(await modulesOnB()).toContain('department');
    try {
      await switchDepartments(false);
      const refused = await get(b, OWNER, '/api/department/get', { id: first.id });
      expect(refused.statusCode, refused.body).toBe(403);
      expect(await modulesOnB()).not.toContain('department');
    } finally {
      await switchDepartments(true);
    }
    expect((await get(b, OWNER, '/api/department/get', { id: first.id })).statusCode).toBe(200);
    expect(await modulesOnB()).toContain('department');
  });

  it('lists on B a person created on A', async () => {
    const email = 'created.on.a@acme.test';
    const search = { key: 'email', value: 'created.on.a' };
    expect(await userList(b, OWNER, search)).toEqual([]);
    const all = (await userList(b, OWNER)).length;
    // The area manager's page too: the person is made in their area.
    expect((await userList(b, AREA, search)).map((u) => u.username)).toEqual([]);
    await newPerson(a, email, 'Parramatta');
    expect((await userList(b, OWNER, search)).map((u) => u.username)).toEqual([email]);
    expect(await userList(b, OWNER)).toHaveLength(all + 1);
    expect((await userList(b, AREA, search)).map((u) => u.username)).toEqual([email]);
  });

  it('shows on B, in verify and the user list, a name changed on A', async () => {
    const staff = await a.userByUsername(STAFF);
    const nameInList = async () =>
      (await userList(b, OWNER, { key: 'email', value: STAFF })).find((u) => u.id === staff.id)?.firstname;
    const nameInVerify = async () => (await data(verify(b, STAFF), 'verify of staff')).firstname as string;
    const rename = (firstname: string) =>
      data(
        send(a, OWNER, 'PUT', '/api/user/update', { id: staff.id, firstname, lastname: staff.lastname }),
        'rename',
      );
    expect(await nameInList()).toBe(staff.firstname);
    expect(await nameInVerify()).toBe(staff.firstname);
    try {
      await rename('Renamed-on-A');
      expect(await nameInList()).toBe('Renamed-on-A');
      expect(await nameInVerify()).toBe('Renamed-on-A');
    } finally {
      await rename(staff.firstname);
    }
    expect(await nameInList()).toBe(staff.firstname);
    expect(await nameInVerify()).toBe(staff.firstname);
  });

  it('shows in a store person’s day on B a task published on A', async () => {
    const k = taskKit(a);
    const day = localDate(SYDNEY, 1);
    const titles = async (as: string) => (await dayOf(b, as, day)).map((c) => c.title);
    expect(await titles(STAFF)).not.toContain('Published on A');
    expect(await titles(STORE)).not.toContain('Published on A');
    const id = await k.published(OWNER, {
      title: 'Published on A',
      start_date: day,
      due_date: day,
      targets: { include: [await k.nodeId('Sydney CBD')] },
      evidence: { comment: false, photos: 0, files: 0 },
    });
    expect(await titles(STAFF)).toContain('Published on A');
    expect(await titles(STORE)).toContain('Published on A');
    expect((await dayOf(b, STAFF, day)).find((c) => c.task_id === id)?.done).toBe(false);
  });

  it('shows as done in the store’s day on B a task completed on A, and takes it off urgent', async () => {
    const k = taskKit(a);
    // Due two days ago and still open: listed as urgent today until it is done.
    const day = localDate(SYDNEY, -2);
    const id = await k.published(OWNER, {
      title: 'Urgent, completed on A',
      type_id: await k.typeId('Urgent'),
      start_date: day,
      due_date: day,
      targets: { include: [await k.nodeId('Sydney CBD')] },
      evidence: { comment: false, photos: 0, files: 0 },
    });
    const cardOnB = async (as: string) => (await dayOf(b, as, day)).find((c) => c.task_id === id);
    const urgentOnB = async (as: string) => (await urgentOf(b, as)).filter((u) => u.task_id === id);
    for (const as of [STAFF, STORE]) {
      expect(await cardOnB(as), as).toMatchObject({ done: false, status: 'open' });
      expect(await urgentOnB(as), as).toMatchObject([{ status: false }]);
    }
    const card = (await cardOnB(STAFF))!;
    const completed = await data(
      send(a, STAFF, 'POST', '/api/user/task/complete', { assignment_id: card.assignment_id }),
      'complete',
    );
    expect(completed).toMatchObject({ done: true });
    for (const as of [STAFF, STORE]) {
      expect(await cardOnB(as), as).toMatchObject({ done: true, status: 'done' });
      expect(await urgentOnB(as), as).toEqual([]);
    }
  });

  it('counts a guesser’s failures and reset mails on both processes together', async () => {
    const { perIpPerMinute, perUsernamePer15Minutes } = testConfig().loginRateLimit;
    const guess = (p: TestApp, i: number) =>
      p.app.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: '198.51.100.77',
        payload: { username: `nobody-${i}@acme.test`, password: 'wrong' },
      });
    // Taking turns: each process alone has seen only half of the address's failures.
    for (let i = 0; i < perIpPerMinute; i++) expect((await guess(i % 2 ? b : a, i)).statusCode).toBe(400);
    for (const p of [a, b]) expect((await guess(p, perIpPerMinute)).statusCode).toBe(429);

    const forgot = (p: TestApp) =>
      p.app.inject({
        method: 'POST',
        url: '/api/passwordforgot',
        remoteAddress: '198.51.100.78',
        payload: { username: STAFF },
      });
    for (let i = 0; i < perUsernamePer15Minutes; i++)
      expect((await forgot(i % 2 ? b : a)).statusCode).toBe(200);
    for (const p of [a, b]) expect((await forgot(p)).statusCode).toBe(429);
  });
});

describe.skipIf(!onPostgres)('two processes when the database drops every connection', () => {
  /**
   * Every backend of the test database but this client's own (or only `only`), ended; resolves
   * once they are gone.
   */
  async function terminateBackends(only?: number) {
    const [{ name }] = (await db.database.executeSql('SELECT current_database() AS name', [])).rows as [
      { name: string },
    ];
    // A direct connection (bypassing any pooler): it must reach the server's backends themselves.
    const admin = new pg.Client({ connectionString: postgresUrl(name) });
    await admin.connect();
    try {
      const killed = await admin.query<{ pid: number }>(
        `SELECT pid, pg_terminate_backend(pid) AS ended FROM pg_stat_activity
         WHERE datname = current_database() AND pid <> pg_backend_pid() AND ($1::int IS NULL OR pid = $1)`,
        [only ?? null],
      );
      expect(killed.rows.length).toBeGreaterThan(0);
      const pids = killed.rows.map((r) => r.pid);
      for (let waited = 0; ; waited += 50) {
        const left = await admin.query('SELECT 1 FROM pg_stat_activity WHERE pid = ANY($1::int[])', [pids]);
        if (left.rowCount === 0) break;
        if (waited > 10_000) throw new Error(`backends ${pids.join(', ')} still there after 10 s`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return pids.length;
    } finally {
      await admin.end();
    }
  }

  it('lives through a connection dropped inside a transaction, and answers the next request', async () => {
    // The server ends a transaction's connection while it is checked out (failover, a pooler's
    // timeout): the transaction fails, and the process must not (its client's 'error' is heard).
    const dropMine = async (tx: Db) => {
      const mine = (await tx.execute(sql`SELECT pg_backend_pid() AS pid`)) as unknown as {
        rows: { pid: number }[];
      };
      await terminateBackends(mine.rows[0]!.pid);
      await tx.execute(sql`SELECT 1`);
    };
    await expect(db.database.db.transaction(dropMine)).rejects.toThrow();
    await expect(db.database.transactionClosingWith(dropMine, () => undefined)).rejects.toThrow();
    const next = await verify(a, STAFF);
    expect(next.statusCode, next.body).toBe(200);
  });

  it('answers the next requests on both processes, and nothing stale', async () => {
    const staff = await a.userByUsername(STAFF);
    const nameOn = async (p: TestApp) =>
      (await data(verify(p, STAFF), 'verify of staff')).firstname as string;
    const listedOn = async (p: TestApp) =>
      (await userList(p, OWNER, { key: 'email', value: STAFF })).find((u) => u.id === staff.id)?.firstname;
    // Both processes keep the answers, and each has connections open.
    for (const p of [a, b]) {
      expect(await nameOn(p)).toBe(staff.firstname);
      expect(await listedOn(p)).toBe(staff.firstname);
    }
    await terminateBackends();
    // The first request on A after the drop is a write; it must succeed as it is.
    const renamed = await a.injectAs(OWNER, {
      method: 'PUT',
      url: '/api/user/update',
      payload: { id: staff.id, firstname: 'After-the-drop', lastname: staff.lastname },
    });
    expect(renamed.statusCode, `first request on A after the drop: ${renamed.body}`).toBe(200);
    // The first request on B after the drop is a read of what B kept: it must show the write.
    const first = await verify(b, STAFF);
    expect(first.statusCode, `first request on B after the drop: ${first.body}`).toBe(200);
    expect(first.json().data.firstname).toBe('After-the-drop');
    expect(await listedOn(b)).toBe('After-the-drop');
    expect(await nameOn(a)).toBe('After-the-drop');

    // Once more, the write on B this time, while both still hold what they read.
    await terminateBackends();
    const back = await b.injectAs(OWNER, {
      method: 'PUT',
      url: '/api/user/update',
      payload: { id: staff.id, firstname: staff.firstname, lastname: staff.lastname },
    });
    expect(back.statusCode, `first request on B after the second drop: ${back.body}`).toBe(200);
    const onA = await verify(a, STAFF);
    expect(onA.statusCode, `first request on A after the second drop: ${onA.body}`).toBe(200);
    expect(onA.json().data.firstname).toBe(staff.firstname);
    for (const p of [a, b]) expect(await listedOn(p)).toBe(staff.firstname);
  });
});
