import Type, { type Static } from 'typebox';
import { defineJob } from '../../../lib/jobs';
import { applyRetention, tenantsWithRetention } from '../retention';

const payload = Type.Object({});

declare module '../../../lib/jobs' {
  interface JobPayloads {
    /** Remove administration log entries past each tenant's retention, and log that (periodic, 6-hourly). */
    'activity.retention': Static<typeof payload>;
  }
}

export const activityRetentionJob = defineJob({
  name: 'activity.retention',
  payload,
  every: 6 * 3600,
  // One transaction per tenant: a retry removes what the failed run did not.
  retry: { retryLimit: 2, retryDelaySeconds: 300, retryBackoff: false, expireInSeconds: 900 },
  handler: async (_data, { app }) => {
    for (const { tenantId, days } of await tenantsWithRetention(app.db))
      await applyRetention(app.db, tenantId, days);
  },
});
