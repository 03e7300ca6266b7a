import { createHash } from 'node:crypto';
import type { JobLog } from './jobQueue';

/**
 * Periodic work, run once per slot across every process: the one way the product does something
 * every N minutes (a job file's `every: seconds`, see jobs.ts), instead of a timer doing the work in
 * each process.
 *
 * Slots are counted from the Unix epoch, so a 15-minute job's slots start at :00, :15, :30 and
 * :45 UTC. A slot's job has an id of its own, the same in every process (periodicJobId): pg-boss
 * inserts `ON CONFLICT DO NOTHING` and its jobs' primary key is (name, id), so however many
 * processes enqueue a slot, and whenever (early or late, by their own clocks), it is one job, run
 * by one worker. Processes that run workers enqueue the current slot's jobs when they start and
 * again at every slot boundary: a slot whose processes were all down is run when one comes back,
 * and a restart within a slot that already had its run does not run it again.
 *
 * Why not pg-boss's own cron (`boss.schedule`)? It does work through our `db` adapter, on PGlite
 * and PostgreSQL alike: its timekeeper lets one instance per 30 s past `version.cron_on`, and
 * queues each tick through the `__pgboss__send-it` queue with a 60 s singleton. But it runs only
 * inside pg-boss (a private timekeeper whose clock is corrected to the database's), so no test
 * can make it tick without waiting for the real minute; it adds a `work()` poller every 5 s and a
 * monitor every 30 s to every process; a tick that no process sees within its minute is lost
 * (nothing runs at start); and a schedule removed from the code stays in `pgboss.schedule`.
 */

/** One periodic job: which job, how often, with what payload. */
export interface Periodic {
  name: string;
  everySeconds: number;
  data: object;
}

/**
 * A slot's job must still be in `pgboss.job` while the slot lasts, or a late enqueue would make
 * a second one: completed jobs move to the archive after pg-boss's `archiveCompletedAfterSeconds`
 * (12 hours, jobQueue.ts), so no period is longer.
 */
export const LONGEST_PERIOD_SECONDS = 12 * 3600;

/** After a failed enqueue (database unreachable), the next try; sooner if a slot starts first. */
const RETRY_MS = 60_000;

/** The slot `now` falls in: from `start` (included) to `end` (excluded), in epoch milliseconds. */
export function slotOf(everySeconds: number, now: number): { start: number; end: number } {
  const ms = everySeconds * 1000;
  const start = Math.floor(now / ms) * ms;
  return { start, end: start + ms };
}

/** The id of a periodic job's run for the slot starting at `slotStart`: a UUID (version 8) of both. */
export function periodicJobId(name: string, slotStart: number): string {
  const hash = createHash('sha256')
    .update(`storeline periodic job ${name} ${new Date(slotStart).toISOString()}`)
    .digest();
  hash[6] = ((hash[6] ?? 0) & 0x0f) | 0x80;
  hash[8] = ((hash[8] ?? 0) & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Enqueues one job (pg-boss's send): answers its id, or null when that id is already queued. */
type SendSlot = (
  name: string,
  data: object,
  options: { id: string; startAfter: Date },
) => Promise<string | null>;

/**
 * The periodic jobs of one job queue and, in a process that runs workers, the timer that enqueues
 * their slots: one timeout, set to the next slot boundary of any of them.
 */
export class PeriodicSchedule {
  private readonly jobs = new Map<string, Periodic>();
  private timer: NodeJS.Timeout | undefined;
  private ticking: Promise<void> | undefined;
  private running = false;

  constructor(
    private readonly send: SendSlot,
    private readonly log: JobLog,
  ) {}

  add(periodic: Periodic): void {
    const { name, everySeconds } = periodic;
    if (this.jobs.has(name)) throw new Error(`job ${name} is already periodic`);
    if (!Number.isInteger(everySeconds) || everySeconds < 60 || everySeconds > LONGEST_PERIOD_SECONDS)
      throw new Error(`job ${name}: a period is whole seconds from 60 to ${LONGEST_PERIOD_SECONDS}`);
    this.jobs.set(name, periodic);
  }

  /**
   * Enqueues the job of the slot `now` falls in for every periodic job, starting at the slot's
   * start (due at once when that has passed). Answers the names of the jobs it queued; one
   * already queued for its slot, by this process or another, is left as it is.
   */
  async enqueue(now = Date.now()): Promise<string[]> {
    const queued: string[] = [];
    for (const { name, everySeconds, data } of this.jobs.values()) {
      const { start } = slotOf(everySeconds, now);
      const id = await this.send(name, data, { id: periodicJobId(name, start), startAfter: new Date(start) });
      if (id) queued.push(name);
    }
    return queued;
  }

  /** Enqueues the current slots (awaited: once started, they are queued) and keeps doing so at each slot boundary. */
  async start(): Promise<void> {
    if (this.running || this.jobs.size === 0) return;
    this.running = true;
    this.ticking = this.tick();
    await this.ticking;
  }

  /** Stops the timer, after an enqueue in progress. */
  async stop(): Promise<void> {
    this.running = false;
    clearTimeout(this.timer);
    await this.ticking;
  }

  private async tick(): Promise<void> {
    let retry = false;
    try {
      await this.enqueue();
    } catch (err) {
      retry = true;
      this.log.error({ err }, 'could not enqueue the periodic jobs; trying again');
    }
    if (!this.running) return;
    const now = Date.now();
    const next = Math.min(...[...this.jobs.values()].map((p) => slotOf(p.everySeconds, now).end));
    this.timer = setTimeout(
      () => {
        this.ticking = this.tick();
      },
      Math.min(next - now, retry ? RETRY_MS : Number.POSITIVE_INFINITY),
    );
    this.timer.unref();
  }
}
