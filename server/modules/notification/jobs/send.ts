import Type, { type Static } from 'typebox';
import { defineJob } from '../../../lib/jobs';
import { outletsOf } from '../channels';
import { deliver } from '../deliver';

const payload = Type.Union([
  Type.Object({
    kind: Type.Literal('task.start'),
    tenantId: Type.Integer(),
    taskId: Type.Integer(),
    startAt: Type.String(),
  }),
  Type.Object({
    kind: Type.Literal('task.sent_back'),
    tenantId: Type.Integer(),
    submissionId: Type.Integer(),
  }),
  Type.Object({
    kind: Type.Literal('inspection.completed'),
    tenantId: Type.Integer(),
    inspectionId: Type.Integer(),
  }),
  Type.Object({
    kind: Type.Union([
      Type.Literal('action.assigned'),
      Type.Literal('action.resolved'),
      Type.Literal('action.escalated'),
    ]),
    tenantId: Type.Integer(),
    actionId: Type.Integer(),
    /** Who did it (not told of their own doing); 0 for Storeline's own escalation. */
    actorId: Type.Integer(),
    /** Which telling of the action this is (the notices' key). */
    step: Type.String(),
  }),
]);

declare module '../../../lib/jobs' {
  interface JobPayloads {
    /**
     * Tell the people an event concerns (issue 29): the store's people when a task's assignments
     * starting at `startAt` start, or the one whose submission was sent back, or a store's readers of
     * its inspections when one is finished. Safe to repeat: each
     * person's notice of an event is unique, so a retry tells nobody twice.
     */
    'notifications.send': Static<typeof payload>;
  }
}

export const notificationsSendJob = defineJob({
  name: 'notifications.send',
  payload,
  // One INSERT … ON CONFLICT DO NOTHING per run: a retry makes only what the failed run did not.
  retry: { retryLimit: 5, retryDelaySeconds: 10, retryBackoff: true, expireInSeconds: 600 },
  handler: async (job, { app }) => {
    await deliver(app.db, job, outletsOf(app));
  },
});
