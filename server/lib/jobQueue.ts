import { setMaxListeners } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { type SQL, sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import { Value } from 'typebox/value';
import type { Database, Db, SqlResult } from '../db/client';
import type { JobQueueEntry } from './jobs';
import { LONGEST_PERIOD_SECONDS, PeriodicSchedule } from './periodic';

export interface JobRun {
  id: string;
  /** 1 for the first run, 2 for the first retry… */
  attempt: number;
  /** If this run fails, the job is kept as failed instead of retried. */
  lastAttempt: boolean;
}

type JobHandler<T> = (data: T, run: JobRun) => Promise<void>;

type JobState = PgBoss.JobWithMetadata['state'];

export interface JobRecord<T> {
  id: string;
  name: string;
  data: T;
  state: JobState;
  retryCount: number;
  retryLimit: number;
  /** The last error of a failed run: `{ name, message, stack }`. */
  output: { message?: string } | null;
}

/**
 * `startAfter` is a Date only: pg-boss binds it to a timestamp and to an interval at once, and
 * statement() below binds each of those places as its own parameter, so a number of seconds
 * fails on PostgreSQL ("date/time field value out of range"). For the same reason pg-boss's
 * `singletonNextSlot`, which retries with a number, is left out: see debounceSlot().
 */
type SendOptions = Pick<PgBoss.SendOptions, 'singletonKey' | 'singletonSeconds' | 'priority'> & {
  startAfter?: Date;
};

/**
 * Options that make sends of one key within the same `seconds`-long slot a single job, started
 * when the slot ends: every write of the slot is behind it, and a write after it starts makes
 * the next slot's job. A debounce without pg-boss's second insert.
 */
export function debounceSlot(key: string, seconds: number, now = Date.now()): SendOptions {
  const slotMs = seconds * 1000;
  return {
    singletonKey: key,
    singletonSeconds: seconds,
    startAfter: new Date((Math.floor(now / slotMs) + 1) * slotMs),
  };
}

interface JobQueueOptions {
  /** Run handlers in this process; off, jobs are only enqueued (another process or drain() runs them). */
  workers: boolean;
  /** How often an idle worker looks for new jobs. */
  pollingIntervalSeconds?: number;
  /** How long stop() waits for the jobs in hand; one still running is retried after its expiry. */
  stopTimeoutSeconds?: number;
  log: JobLog;
}

/** What the queue logs with: Fastify's logger, or console in scripts. */
export interface JobLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** pg-boss's `$1`-numbered SQL as a Drizzle statement, to run on whatever handle the caller holds. */
function statement(text: string, values: unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  return sql.join(
    parts.map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql.param(values[Number(part) - 1] ?? null))),
  );
}

/** A Drizzle database or transaction as pg-boss's `db` adapter (single parameterised statements). */
function executorOn(db: Db): PgBoss.Db {
  return {
    executeSql: async (text, values) =>
      (await db.execute(statement(text, values ?? []))) as unknown as SqlResult,
  };
}

/**
 * The product's one job queue: pg-boss on the application's own database (PGlite or PostgreSQL),
 * through its `db` adapter. Jobs are rows in the `pgboss` schema, so they outlive the process;
 * workers claim them with `FOR UPDATE SKIP LOCKED`, so several API processes never run one job
 * twice. A failed run is retried after its queue's delay and, after its last attempt, kept as
 * failed with its error. Delivery is at least once: a process that dies mid-job leaves it active
 * until it expires, then another run retries it — handlers must be safe to repeat.
 *
 * pg-boss's own `work()` is not used: it completes jobs without awaiting the write, so shutdown
 * and tests could not know when a job is finished. The loop below awaits every step.
 */
export class JobQueue<P extends object> {
  private readonly boss: PgBoss;
  private readonly handlers = new Map<keyof P & string, JobHandler<never>>();
  private readonly loops: Promise<void>[] = [];
  private readonly periodic: PeriodicSchedule;
  private idle = JobQueue.idleSignal();
  private started = false;
  private stopping = false;

  /**
   * What stop() aborts to wake every idle queue's worker at once: one listener per queue, more than
   * Node's default of ten that it would warn of as a leak.
   */
  private static idleSignal(): AbortController {
    const controller = new AbortController();
    setMaxListeners(0, controller.signal);
    return controller;
  }

  constructor(
    database: Pick<Database, 'executeSql'>,
    private readonly queues: { [N in keyof P]: JobQueueEntry },
    private readonly options: JobQueueOptions,
  ) {
    this.boss = new PgBoss({
      db: { executeSql: (text, values) => database.executeSql(text, values) },
      // Periodic work is every() below, not pg-boss's cron (see periodic.ts): no process polls for it.
      schedule: false,
      // Maintenance (expire runs of dead processes, archive, purge) runs in one process per interval.
      supervise: true,
      // A completed job stays 12 hours (pg-boss's default, relied on by every()) before it is archived,
      archiveCompletedAfterSeconds: LONGEST_PERIOD_SECONDS,
      // and a failed one stays queryable next to its queue for two weeks.
      archiveFailedAfterSeconds: 14 * 24 * 3600,
    });
    this.boss.on('error', (err) => options.log.error({ err }, 'job queue error'));
    this.periodic = new PeriodicSchedule(
      (name, data, sendOptions) => this.boss.send(name, data, sendOptions),
      options.log,
    );
  }

  /** Installs or upgrades pg-boss's schema and the queues (cheap when they are current), then works. */
  async start(): Promise<void> {
    if (this.started) return;
    await this.boss.start();
    for (const [name, { retry: settings }] of Object.entries(this.queues) as [string, JobQueueEntry][]) {
      const queue = {
        name,
        retryLimit: settings.retryLimit,
        retryDelay: settings.retryDelaySeconds,
        retryBackoff: settings.retryBackoff,
        expireInSeconds: settings.expireInSeconds,
      };
      // New jobs take their retry policy from the queue row: the catalogue in the code decides it.
      await this.boss.createQueue(name, queue);
      await this.boss.updateQueue(name, queue);
    }
    this.started = true;
    this.stopping = false;
    if (this.options.workers) {
      for (const name of this.handlers.keys()) this.loops.push(this.loop(name));
      await this.periodic.start();
    }
  }

  /** Finishes the jobs in hand (up to stopTimeoutSeconds) and stops polling. */
  async stop(): Promise<void> {
    if (!this.started) return;
    await this.periodic.stop();
    this.stopping = true;
    this.idle.abort();
    const timeout = (this.options.stopTimeoutSeconds ?? 20) * 1000;
    const finished = await Promise.race([
      Promise.all(this.loops).then(() => true),
      sleep(timeout, false, { ref: false }),
    ]);
    if (!finished)
      this.options.log.warn({}, 'job queue stopped with a job still running; it will be retried');
    this.loops.length = 0;
    this.idle = JobQueue.idleSignal();
    await this.boss.stop({ graceful: true, timeout: 1000 });
    this.started = false;
  }

  /** The handler of one queue; one per queue and process. Register before start. */
  work<N extends keyof P & string>(name: N, handler: JobHandler<P[N]>): void {
    this.queueOf(name);
    if (this.handlers.has(name)) throw new Error(`job ${name} already has a handler`);
    this.handlers.set(name, handler as JobHandler<never>);
    if (this.started && this.options.workers) this.loops.push(this.loop(name));
  }

  /**
   * Makes `name` periodic: a job with an empty payload for every `everySeconds`-long slot of the clock (from
   * the epoch, UTC: 900 runs at :00, :15, :30, :45), one per slot however many processes run.
   * Processes with workers enqueue the current slot's job when they start and at every slot
   * boundary; elsewhere (tests, scripts) enqueuePeriodic() does it, and drain() runs them.
   * Declare before start, next to the job's work().
   */
  every<N extends keyof P & string>(name: N, everySeconds: number): void {
    if (this.started) throw new Error(`job ${name}: declare periodic jobs before the queue starts`);
    const data = {};
    this.check(name, data);
    this.periodic.add({ name, everySeconds, data });
  }

  /**
   * Enqueues the job of the slot `now` falls in for every periodic job, unless it is queued
   * already (by any process); answers the names of those it queued.
   */
  async enqueuePeriodic(now = Date.now()): Promise<string[]> {
    return this.periodic.enqueue(now);
  }

  /**
   * Enqueues a job on `db`: pass the request's transaction and the job exists only if it commits.
   * Answers the job's id (null when a singletonKey suppressed a duplicate).
   */
  async send<N extends keyof P & string>(
    db: Db,
    name: N,
    data: P[N],
    options: SendOptions = {},
  ): Promise<string | null> {
    this.check(name, data);
    return this.boss.send(name, data as object, { ...options, db: executorOn(db) });
  }

  /**
   * Enqueues many jobs of one queue in one statement (pg-boss's insert), on `db` like send().
   * For work made set-based, such as the invitation mails of a bulk import.
   */
  async sendMany<N extends keyof P & string>(db: Db, name: N, data: P[N][]): Promise<void> {
    if (data.length === 0) return;
    for (const d of data) this.check(name, d);
    const settings = this.queueOf(name).retry;
    await this.boss.insert(
      data.map((d) => ({
        name,
        data: d as object,
        retryLimit: settings.retryLimit,
        retryDelay: settings.retryDelaySeconds,
        retryBackoff: settings.retryBackoff,
        expireInSeconds: settings.expireInSeconds,
      })),
      { db: executorOn(db) },
    );
  }

  async job<N extends keyof P & string>(name: N, id: string): Promise<JobRecord<P[N]> | null> {
    return (await this.boss.getJobById(name, id)) as JobRecord<P[N]> | null;
  }

  /**
   * Runs every waiting job of the queues this process works, here and now, one after another,
   * until none is left; answers how many runs there were. For tests and scripts (workers off).
   * `includeDelayed` also runs jobs whose start or retry time has not come yet.
   */
  async drain({ includeDelayed = false } = {}): Promise<number> {
    let runs = 0;
    for (let more = true; more; ) {
      more = false;
      for (const name of this.handlers.keys()) {
        while (await this.runNext(name, includeDelayed)) {
          runs++;
          more = true;
        }
      }
    }
    return runs;
  }

  /** A job no module declares has no queue: refused when the app is built, not at its first send. */
  private queueOf(name: keyof P & string): JobQueueEntry {
    const queue = this.queues[name];
    if (!queue)
      throw new Error(`job ${name} is declared by no module: list its job file in the module's jobs`);
    return queue;
  }

  /**
   * A payload its job's schema refuses is a programming error (the sender and the handler
   * disagree): thrown at the send, so the write that sent it rolls back, instead of a job that
   * fails at every retry.
   */
  private check(name: keyof P & string, data: unknown): void {
    const { payload } = this.queueOf(name);
    if (Value.Check(payload, data)) return;
    const problems = [...Value.Errors(payload, data)].map((e) => `${e.instancePath || '/'} ${e.message}`);
    throw new Error(
      `job ${name}: payload ${JSON.stringify(data)} does not match its schema: ${problems.join('; ')}`,
    );
  }

  private async loop(name: keyof P & string): Promise<void> {
    const interval = (this.options.pollingIntervalSeconds ?? 2) * 1000;
    while (!this.stopping) {
      let ran = false;
      try {
        ran = await this.runNext(name, false);
      } catch (err) {
        this.options.log.error({ err, queue: name }, 'job queue: could not record a run');
      }
      if (!ran && !this.stopping)
        await sleep(interval, undefined, { signal: this.idle.signal }).catch(() => {});
    }
  }

  /** Claims one due job of the queue, runs it, and records the outcome; false when none was due. */
  private async runNext(name: keyof P & string, includeDelayed: boolean): Promise<boolean> {
    const handler = this.handlers.get(name) as JobHandler<P[typeof name]> | undefined;
    if (!handler) return false;
    const [job] = await this.boss.fetch<P[typeof name]>(name, {
      includeMetadata: true,
      ignoreStartAfter: includeDelayed,
    });
    if (!job) return false;
    const run: JobRun = {
      id: job.id,
      attempt: job.retryCount + 1,
      lastAttempt: job.retryCount >= job.retryLimit,
    };
    const limit = Number(job.expireInSeconds) * 1000;
    const expired = new AbortController();
    try {
      await Promise.race([
        handler(job.data, run),
        sleep(limit, undefined, { signal: expired.signal }).then(() => {
          throw new Error(`the job ran longer than ${limit / 1000} s`);
        }),
      ]);
      await this.boss.complete(name, job.id);
    } catch (err) {
      const error = err instanceof Error ? err : new Error(String(err));
      this.options.log.warn(
        { err: error, queue: name, jobId: job.id, attempt: run.attempt },
        run.lastAttempt ? `job ${name} failed for good` : `job ${name} failed; it will be retried`,
      );
      await this.boss.fail(name, job.id, error);
    } finally {
      expired.abort();
    }
    return true;
  }
}
