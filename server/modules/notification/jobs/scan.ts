import Type, { type Static } from 'typebox';
import { defineJob } from '../../../lib/jobs';
import { outletsOf } from '../channels';
import { scan } from '../scheduled';

const payload = Type.Object({});

declare module '../../../lib/jobs' {
  interface JobPayloads {
    /**
     * The notices the clock brings (periodic, every 15 minutes): urgent work still not done after
     * the tenant's delays (`task.escalated`), and at store-local 07:00 and 08:00 the managers' day
     * (`digest.daily`) and the reviewers' queue (`review.waiting`). Unique per person and day or
     * assignment, so a retry or a second run tells nobody twice.
     */
    'notifications.scan': Static<typeof payload>;
  }
}

export const notificationsScanJob = defineJob({
  name: 'notifications.scan',
  payload,
  every: 15 * 60,
  // Unique notices per person and day or assignment: a retry adds only what the failed run did not.
  retry: { retryLimit: 2, retryDelaySeconds: 60, retryBackoff: false, expireInSeconds: 600 },
  handler: async (_data, { app }) => {
    await scan(app.db, outletsOf(app));
  },
});
