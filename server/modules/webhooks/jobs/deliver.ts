import Type, { type Static } from 'typebox';
import { defineJob } from '../../../lib/jobs';
import { deliveryDeps, drainSubscription } from '../deliver';

const payload = Type.Object({ tenantId: Type.Integer(), subscriptionId: Type.Integer() });

declare module '../../../lib/jobs' {
  interface JobPayloads {
    /**
     * Send one subscription's due deliveries, oldest first (deliver.ts). Queued with every event
     * it takes, by a redelivery and by the sweep when a retry falls due; runs that find the
     * subscription drained by another worker end at once.
     */
    'webhooks.deliver': Static<typeof payload>;
  }
}

export const webhooksDeliverJob = defineJob({
  name: 'webhooks.deliver',
  payload,
  // A failed attempt is written on the delivery and retried by its own schedule (the sweep); the
  // queue retries only a run whose process died or whose database call failed.
  retry: { retryLimit: 3, retryDelaySeconds: 30, retryBackoff: true, expireInSeconds: 900 },
  handler: (job, { app }) => drainSubscription(deliveryDeps(app), job.tenantId, job.subscriptionId),
});
