import Type, { type Static } from 'typebox';
import { defineJob } from '../../../lib/jobs';
import { escalateOverdue } from '../escalation';

const payload = Type.Object({});

declare module '../../../lib/jobs' {
  interface JobPayloads {
    /**
     * Overdue actions one level up the tree (periodic, every 15 minutes): each action once, marked
     * in the transaction that queues its notice, so a retry or a second run escalates nothing twice.
     */
    'actions.escalate': Static<typeof payload>;
  }
}

export const actionsEscalateJob = defineJob({
  name: 'actions.escalate',
  payload,
  every: 15 * 60,
  retry: { retryLimit: 2, retryDelaySeconds: 60, retryBackoff: false, expireInSeconds: 600 },
  handler: async (_data, { app }) => {
    await escalateOverdue(app.db, app.jobs);
  },
});
