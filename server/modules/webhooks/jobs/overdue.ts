import Type, { type Static } from 'typebox';
import { defineJob } from '../../../lib/jobs';
import { emitOverdue } from '../overdue';

const payload = Type.Object({});

declare module '../../../lib/jobs' {
  interface JobPayloads {
    /**
     * Every 15 minutes: `task.overdue` for each store's task whose due time passed undone since
     * the last runs, once per subscription (keyed by the assignment).
     */
    'webhooks.overdue': Static<typeof payload>;
  }
}

export const webhooksOverdueJob = defineJob({
  name: 'webhooks.overdue',
  payload,
  every: 15 * 60,
  // Keyed deliveries: a retry or a second run adds only what is missing.
  retry: { retryLimit: 2, retryDelaySeconds: 60, retryBackoff: false, expireInSeconds: 600 },
  handler: async (_data, { app }) => {
    await emitOverdue(app.db, app.jobs);
  },
});
