import type { JobSettingsOf } from '../../lib/jobs';

/** The jobs this module queues: what each carries (added to JobPayloads) and how it retries. */
declare module '../../lib/jobs' {
  interface JobPayloads {
    /** Remove administration log entries past each tenant's retention, and log that (periodic, 6-hourly). */
    'activity.retention': Record<string, never>;
  }
}

export const activityJobs: JobSettingsOf<'activity.retention'> = {
  // One transaction per tenant: a retry removes what the failed run did not.
  'activity.retention': { retryLimit: 2, retryDelaySeconds: 300, retryBackoff: false, expireInSeconds: 900 },
};
