import Type, { type Static } from 'typebox';
import { defineJob } from '../../../lib/jobs';
import { forgetOldCompletionIds } from '../forget';

const payload = Type.Object({});

declare module '../../../lib/jobs' {
  interface JobPayloads {
    /** Forget the client ids of completions older than the replay window (periodic, 6-hourly). */
    'completions.forget': Static<typeof payload>;
  }
}

export const completionsForgetJob = defineJob({
  name: 'completions.forget',
  payload,
  every: 6 * 3600,
  // One DELETE, safe to repeat; what a failed run leaves, the next one takes.
  retry: { retryLimit: 2, retryDelaySeconds: 300, retryBackoff: false, expireInSeconds: 600 },
  handler: async (_data, { app }) => {
    await forgetOldCompletionIds(app.db);
  },
});
