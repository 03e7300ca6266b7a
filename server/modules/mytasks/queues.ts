import type { JobSettingsOf } from '../../lib/jobs';

/** The jobs this module queues: what each carries (added to JobPayloads) and how it retries. */
declare module '../../lib/jobs' {
  interface JobPayloads {
    /** Forget the client ids of completions older than the replay window (periodic, 6-hourly). */
    'completions.forget': Record<string, never>;
  }
}

export const mytasksJobs: JobSettingsOf<'completions.forget'> = {
  // One DELETE, safe to repeat; what a failed run leaves, the next one takes.
  'completions.forget': { retryLimit: 2, retryDelaySeconds: 300, retryBackoff: false, expireInSeconds: 600 },
};
