import type { JobSettingsOf } from '../../lib/jobs';

/** The jobs this module queues: what each carries (added to JobPayloads) and how it retries. */
declare module '../../lib/jobs' {
  interface JobPayloads {
    /**
     * Tell the people an event concerns (issue 29): the store's people when a task's assignments
     * starting at `startAt` start, or the one whose submission was sent back. Safe to repeat: each
     * person's notice of an event is unique, so a retry tells nobody twice.
     */
    'notifications.send':
      | { kind: 'task.start'; tenantId: number; taskId: number; startAt: string }
      | { kind: 'task.sent_back'; tenantId: number; submissionId: number };
    /**
     * Send these notices (ids, of one tenant) to their people's devices by web push. Each notice is
     * marked pushed before it is sent, so a retry pushes nobody twice.
     */
    'notifications.push': { tenantId: number; ids: number[] };
    /**
     * The notices the clock brings (periodic, every 15 minutes): urgent work still not done after
     * the tenant's delays (`task.escalated`), and at store-local 07:00 and 08:00 the managers' day
     * (`digest.daily`) and the reviewers' queue (`review.waiting`). Unique per person and day or
     * assignment, so a retry or a second run tells nobody twice.
     */
    'notifications.scan': Record<string, never>;
  }
}

export const notificationJobs: JobSettingsOf<
  'notifications.send' | 'notifications.push' | 'notifications.scan'
> = {
  // One INSERT … ON CONFLICT DO NOTHING per run: a retry makes only what the failed run did not.
  'notifications.send': { retryLimit: 5, retryDelaySeconds: 10, retryBackoff: true, expireInSeconds: 600 },
  // Claims its notices before sending: a retry sends only what no run claimed.
  'notifications.push': { retryLimit: 3, retryDelaySeconds: 30, retryBackoff: true, expireInSeconds: 600 },
  // Unique notices per person and day or assignment: a retry adds only what the failed run did not.
  'notifications.scan': { retryLimit: 2, retryDelaySeconds: 60, retryBackoff: false, expireInSeconds: 600 },
};
