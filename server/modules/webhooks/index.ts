import type { ServerModule } from '../module';
import { webhooksDeliverJob } from './jobs/deliver';
import { webhooksOverdueJob } from './jobs/overdue';
import { webhooksSweepJob } from './jobs/sweep';
import { webhookRoutes } from './routes';

/** Webhooks (issue 46): subscriptions, their deliveries and the jobs that send them. */
export const webhooksModule: ServerModule = {
  name: 'webhooks',
  routes: webhookRoutes,
  tags: {
    webhooks: 'Webhooks: HTTPS addresses told of events, each delivery signed, in order, retried for a day',
  },
  jobs: [webhooksDeliverJob, webhooksSweepJob, webhooksOverdueJob],
};
