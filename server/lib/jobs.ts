import type { FastifyInstance } from 'fastify';
import type { TSchema } from 'typebox';
import type { JobRun } from './jobQueue';

/**
 * Every background job the product runs. A job is one file of the module that works it,
 * `server/modules/<module>/jobs/<job>.ts`: its payload (a TypeBox schema, added to `JobPayloads`
 * below by declaration merging), how its queue retries, its period if it is periodic, and its
 * handler, in one `defineJob`. The module's ServerModule entry lists its jobs; the jobs plugin
 * starts every worker and every period, and nothing else does. `app.jobs.send` accepts only
 * declared names and payloads, and refuses a payload its schema does not accept. Payloads are
 * stored as JSON, so they carry ids (always with the tenant), not rows.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by each job file (declaration merging)
export interface JobPayloads {}

export type JobName = keyof JobPayloads;

export interface QueueSettings {
  /** Attempts after the first before the job is kept as failed with its last error. */
  retryLimit: number;
  retryDelaySeconds: number;
  /** Doubles the delay at each attempt (with jitter). */
  retryBackoff: boolean;
  /** A run longer than this fails (and is retried); a run whose process died is retried after it. */
  expireInSeconds: number;
}

/** What a queue needs of a job: its retries and the schema its payloads are checked against. */
export interface JobQueueEntry {
  retry: QueueSettings;
  payload: TSchema;
}

/** What a handler runs with: the app (its db, jobs, mailer, config, log) and this run. */
export interface JobContext {
  app: FastifyInstance;
  run: JobRun;
}

export interface JobDefinition<N extends JobName> extends JobQueueEntry {
  name: N;
  /**
   * Periodic: a job with an empty payload for every slot of this many seconds of the clock, one
   * across every process (see periodic.ts).
   */
  every?: number;
  /** Worked (and scheduled) only in apps where this holds, e.g. on the embedded database only. */
  when?: (app: FastifyInstance) => boolean;
  /** Safe to repeat: delivery is at least once (see jobQueue.ts). */
  handler: (data: JobPayloads[N], context: JobContext) => Promise<void>;
}

/** Any one declared job. */
export type AnyJob = { [N in JobName]: JobDefinition<N> }[JobName];

/** Every declared job by name. */
export type JobCatalogue = { [N in JobName]: JobDefinition<N> };

export function defineJob<N extends JobName>(job: JobDefinition<N>): JobDefinition<N> {
  return job;
}

/** The modules' jobs by name; a name declared twice stops the app from being built. */
export function catalogueOf(jobs: readonly AnyJob[]): JobCatalogue {
  const all: Partial<Record<JobName, AnyJob>> = {};
  for (const job of jobs) {
    if (all[job.name]) throw new Error(`job ${job.name} is declared twice`);
    all[job.name] = job;
  }
  return all as JobCatalogue;
}
