import type { JobSettingsOf } from '../../lib/jobs';

/** The jobs this module queues: what each carries (added to JobPayloads) and how it retries. */
declare module '../../lib/jobs' {
  interface JobPayloads {
    /**
     * Bring the reports' daily roll-up up to date: days settled since the last run, and rolled days
     * that writes changed. One tenant (after writes there), or every tenant (the periodic pass).
     */
    'reports.rollup': { tenantId?: number };
  }
}

export const reportJobs: JobSettingsOf<'reports.rollup'> = {
  // Safe to repeat: a day is always rolled again from scratch, and each transaction keeps what it
  // rolled, so a retry after a failure (or a run cut short) goes on from there.
  'reports.rollup': { retryLimit: 3, retryDelaySeconds: 60, retryBackoff: true, expireInSeconds: 1800 },
};
