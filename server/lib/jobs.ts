/**
 * Every background job the product runs: its name, what it carries, and how its queue retries.
 * A job belongs to the module that works it: the module's `queues.ts` adds the job's payload to
 * `JobPayloads` below (TypeScript declaration merging) and exports its queue settings, which the
 * module's ServerModule entry carries (server/modules/index.ts collects them in JOB_SETTINGS).
 * `app.jobs.send`, `app.jobs.work` and `app.jobs.every` accept only declared names and payloads.
 * Payloads are stored as JSON, so they carry ids (always with the tenant), not rows. Periodic work
 * is a job too, declared with `app.jobs.every` (see periodic.ts).
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by each module's queues.ts (declaration merging)
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

/** The queue settings of the jobs `N`: what a module's queues.ts exports. */
export type JobSettingsOf<N extends JobName> = { [K in N]: QueueSettings };

/** Every job's queue settings, as the app collects them from the modules. */
export type JobSettings = JobSettingsOf<JobName>;

/**
 * One map of every job's settings from the modules' (each job declared by one module). A job
 * declared without settings is refused when it is worked or sent (JobQueue), so the app does not
 * start with one.
 */
export function collectJobSettings(parts: readonly (Partial<JobSettings> | undefined)[]): JobSettings {
  const all: Partial<Record<JobName, QueueSettings>> = {};
  for (const part of parts)
    for (const [name, settings] of Object.entries(part ?? {}) as [JobName, QueueSettings][]) {
      if (all[name]) throw new Error(`job ${name} is declared by two modules`);
      all[name] = settings;
    }
  return all as JobSettings;
}
