import { once } from 'node:events';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../server/app';
import type { Database } from '../../server/db/client';
import { taskAssignments, tasks, users } from '../../server/db/schema';
import { TenantMemo } from '../../server/lib/tenantMemo';
import type { CardRow } from '../../server/modules/mytasks/cards';
import { type DayCards, renderDay } from '../../server/modules/mytasks/present';
import { startSession } from '../../server/modules/session/service';
import { seedDemoTasks } from '../../server/seed/demoTasks';
import { openTestDatabase, type TestDatabase, testConfig } from './helpers/app';
import { onPostgres } from './helpers/target';

/*
 * The per-tenant memory of the guard and of verify (issue 16): requests are answered from it, and
 * a write to what it holds is seen at once by the process that made it and, after the database's
 * notice, by every other process.
 */

describe('TenantMemo', () => {
  it('keeps a value until its tenant is forgotten, and only while listening', async () => {
    const memo = new TenantMemo();
    let reads = 0;
    const read = async () => ++reads;
    // Not listening yet: every get reads.
    expect(await memo.get(1, 'k', read)).toBe(1);
    expect(await memo.get(1, 'k', read)).toBe(2);

    memo.setListening(true);
    expect(await memo.get(1, 'k', read)).toBe(3);
    expect(await memo.get(1, 'k', read)).toBe(3);
    expect(await memo.get(2, 'k', read)).toBe(4);
    memo.forget(2);
    expect(await memo.get(1, 'k', read)).toBe(3);
    memo.forget(1);
    expect(await memo.get(1, 'k', read)).toBe(5);
    memo.setListening(false);
    expect(await memo.get(1, 'k', read)).toBe(6);
  });

  it('does not keep a read that started before its tenant was forgotten', async () => {
    const memo = new TenantMemo();
    memo.setListening(true);
    let finish!: (value: string) => void;
    const slow = memo.get(1, 'k', () => new Promise<string>((resolve) => (finish = resolve)));
    // A write's notice arrives while the read is under way: what it read may be older.
    memo.forget(1);
    finish('before the write');
    expect(await slow).toBe('before the write');
    expect(await memo.get(1, 'k', async () => 'after the write')).toBe('after the write');
  });

  it('forgets one part of a tenant without the rest, and the tenant with all its parts', async () => {
    const memo = new TenantMemo();
    memo.setListening(true);
    const kept = (tenant: number, part: string, value: string) =>
      memo.get(tenant, 'k', async () => value, { part });
    await kept(1, 'store 7', 'seven');
    await kept(1, 'store 8', 'eight');
    await memo.get(1, 'k', async () => 'tenant');
    memo.forgetPart(1, 'store 7');
    expect(await kept(1, 'store 7', 'seven again')).toBe('seven again');
    expect(await kept(1, 'store 8', 'eight again')).toBe('eight');
    expect(await memo.get(1, 'k', async () => 'tenant again')).toBe('tenant');
    memo.forget(1);
    expect(await kept(1, 'store 8', 'eight at last')).toBe('eight at last');
  });

  it('keeps at most its limit, dropping the oldest tenant first', async () => {
    const memo = new TenantMemo(2);
    memo.setListening(true);
    await memo.get(1, 'a', async () => 'one');
    await memo.get(2, 'a', async () => 'two');
    await memo.get(3, 'a', async () => 'three');
    expect(await memo.get(1, 'a', async () => 'read again')).toBe('read again');
    expect(await memo.get(3, 'a', async () => 'read again')).toBe('three');
  });
});

describe('renderDay', () => {
  it('keeps a rendering of a day until a due time or an expiry passes', () => {
    const due = Date.parse('2026-11-24T10:00:00.000Z');
    const row = {
      assignment_id: 1,
      task_id: 1,
      title: 'Count the till',
      type: {
        id: 1,
        name: 'Task',
        colour: '#000',
        secondary_colour: null,
        icon: null,
        sort_order: 0,
        kind: 'task',
      },
      status: 'open',
      occurrence_date: '2026-11-24',
      start_at: '2026-11-24T08:00:00.000Z',
      due_at: new Date(due).toISOString(),
      expires_at: new Date(due + 3_600_000).toISOString(),
      workspace: { id: 7, name: 'Sydney CBD' },
      department: null,
      estimated_minutes: null,
      checklist_total: 0,
      checklist_ticked: 0,
      evidence_comment: false,
      evidence_photos: 0,
      evidence_files: 0,
      approval: false,
      attempt: 1,
      rejection_reason: null,
      mine: null,
      mine_stale: null,
      acknowledged_count: null,
      people: null,
    } as unknown as CardRow;
    const day: DayCards = { rows: [row] };
    const flags = (body: string) => {
      const card = JSON.parse(body).data[0].tasks[0];
      return { overdue: card.overdue, expired: card.expired };
    };
    let renders = 0;
    const render = (now: number) =>
      renderDay(
        day,
        (groups) => {
          renders++;
          return JSON.stringify(groups);
        },
        now,
      );
    const before = render(due - 60_000);
    expect(flags(before.body)).toEqual({ overdue: false, expired: false });
    expect(render(due - 1)).toBe(before);
    expect(renders).toBe(1);
    const late = render(due + 1);
    expect(flags(late.body)).toEqual({ overdue: true, expired: false });
    expect(render(due + 3_599_999)).toBe(late);
    expect(flags(render(due + 3_600_000).body)).toEqual({ overdue: false, expired: true });
    expect(renders).toBe(3);
  });
});

const OWNER = 'owner@acme.test';
const STAFF = 'staff@acme.test';

async function appOn(database: Database) {
  const app = await buildApp({ config: testConfig(), database, logger: false });
  await app.ready();
  return app;
}

let db: TestDatabase;
let app: App;
const tokens = new Map<string, string>();

beforeAll(async () => {
  db = await openTestDatabase();
  await seedDemoTasks(db.database.db, { now: new Date() });
  app = await appOn(db.database);
  for (const username of [OWNER, STAFF]) {
    const [user] = await db.database.db.select().from(users).where(eq(users.username, username));
    tokens.set(username, await startSession(db.database.db, user!.tenantId, user!.id));
  }
});
afterAll(async () => {
  await app.close();
  await db.database.close();
  await db.drop();
});

const as = (
  on: App,
  username: string,
  url: string,
  method: 'GET' | 'POST' | 'PUT' = 'GET',
  payload?: object,
) => on.inject({ method, url, payload, headers: { authorization: `Bearer ${tokens.get(username)}` } });

async function setEnabled(username: string, enabled: boolean) {
  await db.database.db.update(users).set({ enabled }).where(eq(users.username, username));
}

/** Runs a write straight on the database, as another process would, and waits until `on` heard of it. */
async function elsewhere(on: App, write: () => Promise<unknown>) {
  const heard = once(on.tenantNotices, 'notice');
  await write();
  await heard;
}

describe('one process', () => {
  it('turns a user away once another process disabled them, and lets them back', async () => {
    expect((await as(app, STAFF, '/api/user/verify')).statusCode).toBe(200);
    await elsewhere(app, () => setEnabled(STAFF, false));
    const refused = await as(app, STAFF, '/api/user/verify');
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toMatch(/disabled/);
    await elsewhere(app, () => setEnabled(STAFF, true));
    expect((await as(app, STAFF, '/api/user/verify')).statusCode).toBe(200);
  });

  it('lists a user as another process renamed them, once its notice arrives', async () => {
    const firstnameOf = async (username: string) => {
      const listed = await as(app, OWNER, '/api/user/list?page=1&per_page=100');
      const rows = listed.json().data.data as { username: string; firstname: string }[];
      return rows.find((u) => u.username === username)?.firstname;
    };
    expect(await firstnameOf(STAFF)).not.toBe('Renamed');
    await elsewhere(app, () =>
      db.database.db.update(users).set({ firstname: 'Renamed' }).where(eq(users.username, STAFF)),
    );
    expect(await firstnameOf(STAFF)).toBe('Renamed');
  });

  it('shows a store its day as another process changed it, once the notice arrives', async () => {
    const now = Math.floor(Date.now() / 1000);
    const day = async () => {
      const res = await as(app, STAFF, `/api/user/task/date?datetime=${now}&timezone=Australia%2FSydney`);
      expect(res.statusCode, res.body).toBe(200);
      return (
        res.json().data.data as { tasks: { assignment_id: number; title: string; attempt: number }[] }[]
      ).flatMap((group) => group.tasks);
    };
    const [card] = await day();
    expect(card).toBeDefined();
    // The store's own assignment, written elsewhere: only that store's day is forgotten.
    await elsewhere(app, () =>
      db.database.db
        .update(taskAssignments)
        .set({ attempt: card!.attempt + 1 })
        .where(eq(taskAssignments.id, card!.assignment_id)),
    );
    expect((await day()).find((c) => c.assignment_id === card!.assignment_id)?.attempt).toBe(
      card!.attempt + 1,
    );
    // What every card of the task shows: the whole tenant is forgotten.
    const [assignment] = await db.database.db
      .select({ taskId: taskAssignments.taskId })
      .from(taskAssignments)
      .where(eq(taskAssignments.id, card!.assignment_id));
    await elsewhere(app, () =>
      db.database.db
        .update(tasks)
        .set({ title: 'Renamed elsewhere' })
        .where(eq(tasks.id, assignment!.taskId)),
    );
    expect((await day()).find((c) => c.assignment_id === card!.assignment_id)?.title).toBe(
      'Renamed elsewhere',
    );
  });

  it('sends a kept answer compressed as the browser asks, the same answer as uncompressed', async () => {
    const headers = (encoding?: string) => ({
      authorization: `Bearer ${tokens.get(OWNER)}`,
      ...(encoding ? { 'accept-encoding': encoding } : {}),
    });
    for (const url of ['/api/user/verify', '/api/user/list?page=1&per_page=100']) {
      const plain = await app.inject({ url, headers: headers() });
      expect(plain.headers['content-encoding']).toBeUndefined();
      for (const [encoding, decode] of [
        ['br', brotliDecompressSync],
        ['gzip', gunzipSync],
      ] as const) {
        // Twice: the second answer is the copy compressed by the first.
        for (let i = 0; i < 2; i++) {
          const packed = await app.inject({ url, headers: headers(encoding) });
          expect(packed.headers['content-encoding']).toBe(encoding);
          expect(packed.headers.vary).toContain('accept-encoding');
          expect(JSON.parse(decode(packed.rawPayload).toString())).toEqual(plain.json());
        }
      }
    }
  });

  it('shows its own writes at once: a renamed term in the next verify, a signed-out session refused', async () => {
    const term = async () =>
      ((await as(app, OWNER, '/api/user/verify')).json().data.terms as Record<string, string>).workspace;
    const before = await term();
    const renamed = await as(app, OWNER, '/api/setting/update', 'PUT', { terms: { workspace: 'Shop' } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await term()).toBe('Shop');
    await as(app, OWNER, '/api/setting/update', 'PUT', { terms: { workspace: before } });
    expect(await term()).toBe(before);

    const [owner] = await db.database.db.select().from(users).where(eq(users.username, OWNER));
    const session = await startSession(db.database.db, owner!.tenantId, owner!.id);
    const withSession = (method: 'GET' | 'POST', url: string) =>
      app.inject({ method, url, headers: { authorization: `Bearer ${session}` } });
    expect((await withSession('GET', '/api/user/verify')).statusCode).toBe(200);
    expect((await withSession('POST', '/api/logout')).statusCode).toBe(200);
    expect((await withSession('GET', '/api/user/verify')).statusCode).toBe(401);
  });
});

describe.skipIf(!onPostgres)('two API processes on one PostgreSQL database', () => {
  it('sees what the other process wrote once its notice arrives', async () => {
    const other = await db.connectAgain();
    const second = await appOn(other);
    const departments = (enabled: boolean) =>
      as(app, OWNER, '/api/setting/update', 'PUT', { modules: [{ id: 'department', enabled }] });
    try {
      const modules = async () =>
        ((await as(second, OWNER, '/api/user/verify')).json().data.modules as { id: string }[]).map(
          (m) => m.id,
        );
      expect(await modules()).toContain('department');
      // The first process switches the department module off for the tenant.
      const heard = once(second.tenantNotices, 'notice');
      const off = await departments(false);
      expect(off.statusCode, off.body).toBe(200);
      await heard;
      expect(await modules()).not.toContain('department');
      const heardAgain = once(second.tenantNotices, 'notice');
      expect((await departments(true)).statusCode).toBe(200);
      await heardAgain;
      expect(await modules()).toContain('department');
    } finally {
      await second.close();
      await other.close();
    }
  });

  it('keeps nothing while it cannot hear the database, and listens again', async () => {
    expect((await as(app, STAFF, '/api/user/verify')).statusCode).toBe(200);
    const deaf = once(app.tenantNotices, 'listening');
    await db.database.executeSql(
      `select pg_terminate_backend(pid) from pg_stat_activity
       where datname = current_database() and query ilike 'LISTEN%' and pid <> pg_backend_pid()`,
      [],
    );
    expect(await deaf).toEqual([false]);
    const hearing = once(app.tenantNotices, 'listening');
    // Written while nobody listens: no notice reaches this process, yet it is refused at once.
    await setEnabled(STAFF, false);
    expect((await as(app, STAFF, '/api/user/verify')).statusCode).toBe(401);
    await setEnabled(STAFF, true);
    expect((await as(app, STAFF, '/api/user/verify')).statusCode).toBe(200);
    expect(await hearing).toEqual([true]);
  });
});
