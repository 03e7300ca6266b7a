import Type, { type Static } from 'typebox';
import { defineJob } from '../../../lib/jobs';
import { subscriptionsWithDue } from '../repository';

const payload = Type.Object({});

declare module '../../../lib/jobs' {
  interface JobPayloads {
    /** Every minute: queues the worker of each subscription with a retry (or a lost run) due. */
    'webhooks.sweep': Static<typeof payload>;
  }
}

export const webhooksSweepJob = defineJob({
  name: 'webhooks.sweep',
  payload,
  every: 60,
  retry: { retryLimit: 1, retryDelaySeconds: 10, retryBackoff: false, expireInSeconds: 120 },
  handler: async (_data, { app }) => {
    await app.jobs.sendMany(app.db, 'webhooks.deliver', await subscriptionsWithDue(app.db));
  },
});
