import type { JobSettingsOf } from '../lib/jobs';

/** The jobs this module queues: what each carries (added to JobPayloads) and how it retries. */
declare module '../lib/jobs' {
  interface JobPayloads {
    /** Refresh the planner's statistics (periodic, hourly; the embedded database only: no autovacuum). */
    'database.analyse': Record<string, never>;
  }
}

export const databaseJobs: JobSettingsOf<'database.analyse'> = {
  // A sample of each table, well under a second at 5,000 stores; stale statistics for an hour are harmless.
  'database.analyse': { retryLimit: 1, retryDelaySeconds: 300, retryBackoff: false, expireInSeconds: 600 },
};
