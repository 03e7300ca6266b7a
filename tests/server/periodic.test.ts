import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type App, buildApp } from '../../server/app';
import type { Database } from '../../server/db/client';
import { attemptWindows, sessions, users } from '../../server/db/schema';
import { type JobLog, JobQueue } from '../../server/lib/jobQueue';
import type { JobPayloads } from '../../server/lib/jobs';
import { PeriodicSchedule, periodicJobId, slotOf } from '../../server/lib/periodic';
import { JOBS } from '../../server/modules';
import { startSession } from '../../server/modules/session/service';
import { openTestDatabase, suiteDatabase, type TestDatabase, testConfig } from './helpers/app';
import { onPostgres } from './helpers/target';

/*
 * Periodic work is jobs queued once per slot of the clock across every process (server/lib/periodic.ts).
 * Nothing here waits for a clock: the slot's time is a parameter, or the clock is a fake one.
 */

const HOUR = 3_600_000;
const MINUTE = 60_000;
/** 12:00:05 UTC on 1 January 2031: a slot of the hourly jobs and of the 15-minute ones starts at 12:00. */
const NOON = Date.UTC(2031, 0, 1, 12, 0, 5);

/** The periodic jobs an app declares on this database (database.analyse only on PGlite), and their periods. */
const EVERY: Record<string, number> = Object.fromEntries(
  Object.values(JOBS)
    .filter((job) => !(onPostgres && job.name === 'database.analyse'))
    .flatMap((job) => (job.every === undefined ? [] : [[job.name, job.every]])),
);
const PERIODIC = Object.keys(EVERY);

const errors: unknown[] = [];
const log: JobLog = { warn: () => {}, error: (details) => void errors.push(details) };
afterEach(() => {
  expect(errors.splice(0), 'errors logged by the job queue').toEqual([]);
});

/** Periodic jobs (queued with `{}`) of these names, per name and slot start, with how many of each. */
async function periodicJobs(database: Database, names: string[]) {
  const { rows } = await database.executeSql(
    `select name, start_after, count(*)::int as n from pgboss.job
      where name = any($1::text[]) and data = '{}'::jsonb
      group by name, start_after order by name, start_after`,
    [names],
  );
  return rows.map((r) => ({ name: r.name, start: new Date(r.start_after as string).getTime(), n: r.n }));
}

describe('slots', () => {
  it('are counted from the epoch, so a 15-minute job runs at :00, :15, :30 and :45 UTC', () => {
    expect(slotOf(900, Date.UTC(2031, 0, 1, 12, 7, 30))).toEqual({
      start: Date.UTC(2031, 0, 1, 12, 0),
      end: Date.UTC(2031, 0, 1, 12, 15),
    });
    expect(slotOf(3600, Date.UTC(2031, 0, 1, 12, 59, 59, 999)).start).toBe(Date.UTC(2031, 0, 1, 12));
  });

  it('each have one job id, the same in every process', () => {
    const id = periodicJobId('sessions.sweep', Date.UTC(2031, 0, 1, 12));
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(periodicJobId('sessions.sweep', Date.UTC(2031, 0, 1, 12))).toBe(id);
    expect(periodicJobId('sessions.sweep', Date.UTC(2031, 0, 1, 13))).not.toBe(id);
    expect(periodicJobId('tasks.materialise', Date.UTC(2031, 0, 1, 12))).not.toBe(id);
  });
});

describe('the timer of a process with workers', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  function scheduleWith(send: (name: string, id: string) => Promise<string | null>) {
    const sent: string[] = [];
    const schedule = new PeriodicSchedule(async (name, _data, { id, startAfter }) => {
      expect(id).toBe(periodicJobId(name, startAfter.getTime()));
      sent.push(`${name}@${startAfter.toISOString().slice(11, 16)}`);
      return send(name, id);
    }, log);
    schedule.add({ name: 'sessions.sweep', everySeconds: 3600, data: {} });
    schedule.add({ name: 'tasks.materialise', everySeconds: 900, data: {} });
    return { schedule, sent };
  }

  it('queues the current slots at start, then again at each slot boundary, and stops', async () => {
    vi.useFakeTimers({ now: Date.UTC(2031, 0, 1, 12, 50), toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { schedule, sent } = scheduleWith(async (_name, id) => id);
    await schedule.start();
    expect(sent).toEqual(['sessions.sweep@12:00', 'tasks.materialise@12:45']);

    await vi.advanceTimersByTimeAsync(10 * MINUTE - 1);
    expect(sent).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent.slice(2)).toEqual(['sessions.sweep@13:00', 'tasks.materialise@13:00']);
    await vi.advanceTimersByTimeAsync(15 * MINUTE);
    expect(sent.slice(4)).toEqual(['sessions.sweep@13:00', 'tasks.materialise@13:15']);

    await schedule.stop();
    await vi.advanceTimersByTimeAsync(HOUR);
    expect(sent).toHaveLength(6);
  });

  it('tries again a minute after a failed enqueue, not only at the next slot', async () => {
    vi.useFakeTimers({ now: Date.UTC(2031, 0, 1, 12, 1), toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    let down = true;
    const { schedule, sent } = scheduleWith(async (_name, id) => {
      if (down) throw new Error('the database is unreachable');
      return id;
    });
    await schedule.start();
    expect(errors).toHaveLength(1);
    errors.length = 0;
    down = false;
    await vi.advanceTimersByTimeAsync(MINUTE);
    expect(sent).toEqual(['sessions.sweep@12:00', 'sessions.sweep@12:00', 'tasks.materialise@12:00']);
    await schedule.stop();
  });
});

describe('the expired-session sweep', () => {
  let db: TestDatabase;
  let app: App;
  beforeAll(async () => {
    db = await openTestDatabase();
    app = await buildApp({ config: testConfig(), database: db.database, logger: false });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await db.database.close();
    await db.drop();
  });

  it('is a periodic job that deletes expired sessions and closed attempt windows, and keeps live ones', async () => {
    const two = await db.database.db.select().from(users).orderBy(users.id).limit(2);
    for (const user of two) await startSession(db.database.db, user.tenantId, user.id);
    const [expired, live] = await Promise.all(
      two.map(async (user) => {
        const [row] = await db.database.db
          .select()
          .from(sessions)
          .where(and(eq(sessions.tenantId, user.tenantId), eq(sessions.userId, user.id)));
        return row!;
      }),
    );
    await db.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - MINUTE) })
      .where(and(eq(sessions.tenantId, expired!.tenantId), eq(sessions.id, expired!.id)));

    // Two windows of sign-in attempts: one closed a minute ago, one open for another minute.
    await db.database.db.insert(attemptWindows).values([
      { key: 'login\nclosed@acme.test\n198.51.100.1', count: 3, resetAt: new Date(Date.now() - MINUTE) },
      { key: 'login\nopen@acme.test\n198.51.100.1', count: 2, resetAt: new Date(Date.now() + MINUTE) },
    ]);

    // A test app has no workers: it queues the periodic jobs when told, and drain() runs them.
    const now = Date.now();
    expect((await app.jobs.enqueuePeriodic(now)).sort()).toEqual([...PERIODIC].sort());
    expect(await app.jobs.drain()).toBe(PERIODIC.length);

    const left = await db.database.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(inArray(sessions.id, [expired!.id, live!.id]));
    expect(left).toEqual([{ id: live!.id }]);
    const windows = await db.database.db.select({ key: attemptWindows.key }).from(attemptWindows);
    expect(windows.map((w) => w.key)).toEqual(['login\nopen@acme.test\n198.51.100.1']);

    // The slot had its runs: queueing it again (a restart, another process) runs nothing again.
    expect(await app.jobs.enqueuePeriodic(now)).toEqual([]);
    expect(await app.jobs.drain()).toBe(0);
  });
});

describe('one database, several processes', () => {
  let db: TestDatabase;
  let other: Database;
  const queues: JobQueue<JobPayloads>[] = [];
  beforeAll(async () => {
    db = await openTestDatabase();
    // PGlite is one process's database: there the two queues share it, as two apps in one process would.
    other = onPostgres ? await db.connectAgain() : db.database;
  });
  afterAll(async () => {
    for (const queue of queues) await queue.stop();
    if (other !== db.database) await other.close();
    await db.database.close();
    await db.drop();
  });

  /** A process's job queue, with two periodic jobs and handlers that count their runs. */
  async function processOn(database: Database, runs: string[]) {
    const jobs = new JobQueue<JobPayloads>(database, JOBS, { workers: false, log });
    jobs.work('sessions.sweep', async () => void runs.push('sessions.sweep'));
    jobs.work('tasks.materialise', async () => void runs.push('tasks.materialise'));
    jobs.every('sessions.sweep', 3600);
    jobs.every('tasks.materialise', 900);
    await jobs.start();
    queues.push(jobs);
    return jobs;
  }

  it('queue one job per slot, however many enqueue it and whenever in the slot', async () => {
    const runs: string[] = [];
    const one = await processOn(db.database, runs);
    const two = await processOn(other, runs);

    // Both at once, as two processes' timers at a slot boundary.
    const [byOne, byTwo] = await Promise.all([one.enqueuePeriodic(NOON), two.enqueuePeriodic(NOON)]);
    expect([...byOne, ...byTwo].sort()).toEqual(['sessions.sweep', 'tasks.materialise']);
    // Later in the same slots: a restart, a late timer, a clock a few minutes behind the other's.
    expect(await two.enqueuePeriodic(NOON + 10 * MINUTE)).toEqual([]);
    expect(await one.enqueuePeriodic(NOON + 14 * MINUTE)).toEqual([]);
    // 12:15: a new 15-minute slot, the same hour.
    const [atQuarter, aSecondLater] = await Promise.all([
      one.enqueuePeriodic(NOON + 15 * MINUTE),
      two.enqueuePeriodic(NOON + 15 * MINUTE + 1000),
    ]);
    expect([...atQuarter, ...aSecondLater]).toEqual(['tasks.materialise']);

    expect(await periodicJobs(db.database, ['sessions.sweep', 'tasks.materialise'])).toEqual([
      { name: 'sessions.sweep', start: Date.UTC(2031, 0, 1, 12), n: 1 },
      { name: 'tasks.materialise', start: Date.UTC(2031, 0, 1, 12), n: 1 },
      { name: 'tasks.materialise', start: Date.UTC(2031, 0, 1, 12, 15), n: 1 },
    ]);

    // Both work at once (the slots are in the future here, so without waiting for their start):
    // each job runs once, in one of them.
    await Promise.all([one.drain({ includeDelayed: true }), two.drain({ includeDelayed: true })]);
    expect(runs.sort()).toEqual(['sessions.sweep', 'tasks.materialise', 'tasks.materialise']);
  });
});

describe('processes with workers', () => {
  const db = suiteDatabase();

  it('queue the current slots when they start (one job each, however many start); others do not', async () => {
    const noWorkers = await buildApp({ config: testConfig(), database: db.database, logger: false });
    await noWorkers.ready();
    await noWorkers.close();
    expect(await periodicJobs(db.database, PERIODIC)).toEqual([]);

    const second = onPostgres ? await db.connectAgain() : undefined;
    const before = Date.now();
    const apps = await Promise.all(
      [db.database, ...(second ? [second] : [])].map(async (database) => {
        const app = await buildApp({ config: testConfig({ jobWorkers: true }), database, logger: false });
        await app.ready();
        return app;
      }),
    );
    const after = Date.now();
    try {
      const jobs = await periodicJobs(db.database, PERIODIC);
      // One job per name and slot (two only if a slot boundary passed while they started).
      expect(jobs.every((job) => job.n === 1)).toBe(true);
      for (const name of PERIODIC) {
        const slots = new Set([slotOf(EVERY[name]!, before).start, slotOf(EVERY[name]!, after).start]);
        expect(jobs.filter((job) => job.name === name).map((job) => job.start)).toEqual([...slots]);
      }
    } finally {
      for (const app of apps) await app.close();
      await second?.close();
    }
  });
});

describe('no process timer', () => {
  it('does periodic work: the server has no setInterval', () => {
    const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../server');
    const offenders = readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts'))
      .filter((file) => readFileSync(path.join(root, file), 'utf8').includes('setInterval('));
    expect(offenders, 'periodic work is a job: its job file says `every` (server/lib/jobs.ts)').toEqual([]);
  });
});
