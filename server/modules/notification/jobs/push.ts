import Type, { type Static } from 'typebox';
import { defineJob } from '../../../lib/jobs';
import { pushChannelOf } from '../channels';
import { pushNotices } from '../push';

const payload = Type.Object({ tenantId: Type.Integer(), ids: Type.Array(Type.Integer()) });

declare module '../../../lib/jobs' {
  interface JobPayloads {
    /**
     * Send these notices (ids, of one tenant) to their people's devices by web push. Each notice is
     * marked pushed before it is sent, so a retry pushes nobody twice.
     */
    'notifications.push': Static<typeof payload>;
  }
}

export const notificationsPushJob = defineJob({
  name: 'notifications.push',
  payload,
  // Claims its notices before sending: a retry sends only what no run claimed.
  retry: { retryLimit: 3, retryDelaySeconds: 30, retryBackoff: true, expireInSeconds: 600 },
  handler: async (job, { app }) => {
    await pushNotices(app.db, job, pushChannelOf(app));
  },
});
