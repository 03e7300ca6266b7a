import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../server/app';
import type { Config } from '../../server/config';
import type { Database } from '../../server/db/client';
import { mailOutbox } from '../../server/db/schema';
import type { JobRecord } from '../../server/lib/jobQueue';
import type { JobPayloads } from '../../server/lib/jobs';
import { queueReportRollup } from '../../server/lib/reportChanges';
import { JOBS } from '../../server/modules';
import { openTestDatabase, suiteDatabase, testConfig } from './helpers/app';
import { onPostgres } from './helpers/target';

const ACME = 'store@acme.test';

/** An app whose log lines are kept, to see which process delivered which mail. */
async function appOn(database: Database, overrides: Partial<Config> = {}) {
  const lines: string[] = [];
  const app = await buildApp({
    config: testConfig(overrides),
    database,
    logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } },
  });
  await app.ready();
  const deliveries = () =>
    lines.map((line) => JSON.parse(line) as { mailTo?: string }).flatMap((entry) => entry.mailTo ?? []);
  return { app, deliveries };
}

async function forgotPassword(app: App, username = ACME) {
  const res = await app.inject({ method: 'POST', url: '/api/passwordforgot', payload: { username } });
  expect(res.statusCode).toBe(200);
}

/** A mail written to the outbox with its `mail.send` job, as a request does in its transaction. */
async function queueMail(app: App, to = ACME) {
  await app.mailer.send(app.db, 1, { to, subject: 'Queued', text: 'Queued' });
}

async function outbox(database: Database, email = ACME) {
  return database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, email)).orderBy(mailOutbox.id);
}

/** The mail.send job queued for an outbox row. */
async function jobOfMail(app: App, database: Database, outboxId: number) {
  const { rows } = await database.executeSql(
    `select id from pgboss.job where name = 'mail.send' and (data->>'outboxId')::int = $1`,
    [outboxId],
  );
  expect(rows).toHaveLength(1);
  return (await app.jobs.job('mail.send', String(rows[0]!.id))) as JobRecord<JobPayloads['mail.send']>;
}

async function mailJobCount(database: Database) {
  const { rows } = await database.executeSql(`select count(*)::int as n from pgboss.job where name = $1`, [
    'mail.send',
  ]);
  return Number(rows[0]!.n);
}

/** A local address nothing listens on: an SMTP server that is down. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const db = suiteDatabase();

describe('the job queue', () => {
  let app: App;
  beforeAll(async () => {
    ({ app } = await appOn(db.database));
  });
  afterAll(() => app.close());

  it('runs a queued job: the outbox row waits for its job, which delivers it', async () => {
    await queueMail(app);
    const [mail] = await outbox(db.database);
    expect(mail).toMatchObject({ status: 'pending' });
    expect(await jobOfMail(app, db.database, mail!.id)).toMatchObject({ state: 'created' });

    expect(await app.jobs.drain()).toBe(1);

    expect((await outbox(db.database))[0]).toMatchObject({ id: mail!.id, status: 'logged', error: null });
    expect(await jobOfMail(app, db.database, mail!.id)).toMatchObject({ state: 'completed', retryCount: 0 });
  });

  it('queues nothing when the transaction that sent the job rolls back', async () => {
    const before = await mailJobCount(db.database);
    const sending = db.database.db.transaction(async (tx) => {
      await app.mailer.send(tx, 1, { to: 'rolled.back@acme.test', subject: 'never', text: 'never' });
      throw new Error('the request failed after queueing its mail');
    });
    await expect(sending).rejects.toThrow('the request failed');
    expect(await outbox(db.database, 'rolled.back@acme.test')).toEqual([]);
    expect(await mailJobCount(db.database)).toBe(before);
    expect(await app.jobs.drain()).toBe(0);
  });

  it('refuses a payload its job does not declare: the sender throws and nothing is queued', async () => {
    const before = await mailJobCount(db.database);
    // A caller the compiler cannot check (JSON from elsewhere, a cast): an id as text, a field missing.
    const wrong = [{ tenantId: '1', outboxId: 2 }, { tenantId: 1 }] as unknown as JobPayloads['mail.send'][];
    for (const data of wrong) {
      const sending = db.database.db.transaction((tx) => app.jobs.send(tx, 'mail.send', data));
      await expect(sending).rejects.toThrow(/job mail\.send: payload .* does not match its schema/);
    }
    await expect(app.jobs.sendMany(db.database.db, 'mail.send', wrong)).rejects.toThrow(/does not match/);
    expect(await mailJobCount(db.database)).toBe(before);
  });

  it('makes one job of debounced sends in one slot, even inside transactions, and starts it when the slot ends', async () => {
    const { rows: tenants } = await db.database.executeSql('select min(id) as id from tenants', []);
    const tenantId = Number(tenants[0]!.id);
    const now = Date.now();
    for (let i = 0; i < 3; i++) {
      await db.database.db.transaction((tx) => queueReportRollup(app.jobs, tx, tenantId));
    }
    const { rows } = await db.database.executeSql(
      `select id, start_after from pgboss.job where name = 'reports.rollup' and (data->>'tenantId')::int = $1`,
      [tenantId],
    );
    expect(rows).toHaveLength(1);
    const startsIn = new Date(rows[0]!.start_after as string).getTime() - now;
    expect(startsIn).toBeGreaterThan(0);
    expect(startsIn).toBeLessThanOrEqual(30_000 + 1_000);
    // Not yet due: a drain that keeps start times leaves it for its slot's end.
    expect(await app.jobs.drain()).toBe(0);
    await app.jobs.drain({ includeDelayed: true });
    expect(await app.jobs.job('reports.rollup', String(rows[0]!.id))).toMatchObject({ state: 'completed' });
  });
});

describe('a job that keeps failing', () => {
  let app: App;
  beforeAll(async () => {
    ({ app } = await appOn(db.database, { smtpUrl: `smtp://127.0.0.1:${await closedPort()}` }));
  });
  afterAll(() => app.close());

  it('is retried after its delay, then kept as failed with its error', async () => {
    const { retryLimit } = JOBS['mail.send'].retry;
    await queueMail(app, 'area@acme.test');
    const mailTo = () => outbox(db.database, 'area@acme.test');
    const [mail] = await mailTo();

    // The first run fails; the retry waits for its delay, so a plain drain stops there.
    expect(await app.jobs.drain()).toBe(1);
    expect(await jobOfMail(app, db.database, mail!.id)).toMatchObject({ state: 'retry', retryCount: 0 });
    expect((await mailTo())[0]).toMatchObject({
      status: 'pending',
      error: expect.stringMatching(/ECONNREFUSED/),
    });

    // Every retry, without waiting for the delays: then the job stays failed, with the error.
    expect(await app.jobs.drain({ includeDelayed: true })).toBe(retryLimit);
    const job = await jobOfMail(app, db.database, mail!.id);
    expect(job).toMatchObject({ state: 'failed', retryCount: retryLimit, retryLimit });
    expect(job.output?.message).toMatch(/ECONNREFUSED/);
    expect((await mailTo())[0]).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(/ECONNREFUSED/),
    });
    expect(await app.jobs.drain({ includeDelayed: true })).toBe(0);
  });
});

describe('a restart', () => {
  it('loses no job: one queued before the process stops runs when it is back', async () => {
    const persistent = await openTestDatabase({ persistent: true });
    try {
      const first = await appOn(persistent.database);
      await forgotPassword(first.app);
      await first.app.close();

      const database = await persistent.reopen();
      const second = await appOn(database, { jobWorkers: true });
      try {
        // The background workers of the new process pick the job up on their own: forgot-password's,
        // then the delivery of the mail it wrote.
        for (let waited = 0; (await outbox(database))[0]?.status !== 'logged'; waited += 100) {
          if (waited > 20_000) throw new Error('the queued mail was not delivered after the restart');
          await sleep(100);
        }
        expect(second.deliveries()).toEqual([ACME]);
        expect(first.deliveries()).toEqual([]);
      } finally {
        await second.app.close();
      }
    } finally {
      await persistent.database.close();
      await persistent.drop();
    }
  });
});

describe.skipIf(!onPostgres)('two API processes on one PostgreSQL database', () => {
  it('never both run one job', async () => {
    const other = await db.connectAgain();
    const one = await appOn(db.database);
    const two = await appOn(other);
    try {
      const recipients = Array.from({ length: 30 }, (_, i) => `twice.${i}@acme.test`);
      for (const to of recipients)
        await one.app.mailer.send(db.database.db, 1, { to, subject: 'hi', text: 'hi' });

      // Both drain at once, each on its own connections, as two processes' workers do.
      const [ranByOne, ranByTwo] = await Promise.all([one.app.jobs.drain(), two.app.jobs.drain()]);

      expect(ranByOne + ranByTwo).toBe(recipients.length);
      expect([...one.deliveries(), ...two.deliveries()].sort()).toEqual([...recipients].sort());
    } finally {
      await one.app.close();
      await two.app.close();
      await other.close();
    }
  });
});
