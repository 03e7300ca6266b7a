import type { JobSettingsOf } from '../../lib/jobs';

/** The jobs this module queues: what each carries (added to JobPayloads) and how it retries. */
declare module '../../lib/jobs' {
  interface JobPayloads {
    /** Delete the sessions past their expiry and the closed attempt windows (periodic, hourly: both count for nothing by then). */
    'sessions.sweep': Record<string, never>;
  }
}

export const sessionJobs: JobSettingsOf<'sessions.sweep'> = {
  // One DELETE, safe to repeat; what a failed sweep leaves, the next hour's sweep takes.
  'sessions.sweep': { retryLimit: 2, retryDelaySeconds: 300, retryBackoff: false, expireInSeconds: 600 },
};
