import Type, { type Static } from 'typebox';
import { sweepAttemptWindows } from '../../../lib/attemptWindows';
import { defineJob } from '../../../lib/jobs';
import { deleteExpiredSessions } from '../service';

const payload = Type.Object({});

declare module '../../../lib/jobs' {
  interface JobPayloads {
    /**
     * Delete the sessions past their expiry (every request refuses them already) and the closed
     * windows of sign-in attempts (they count for nothing, and they name people and addresses).
     * Periodic, hourly.
     */
    'sessions.sweep': Static<typeof payload>;
  }
}

export const sessionsSweepJob = defineJob({
  name: 'sessions.sweep',
  payload,
  every: 3600,
  // One DELETE, safe to repeat; what a failed sweep leaves, the next hour's sweep takes.
  retry: { retryLimit: 2, retryDelaySeconds: 300, retryBackoff: false, expireInSeconds: 600 },
  handler: async (_data, { app }) => {
    await deleteExpiredSessions(app.db);
    await sweepAttemptWindows(app.database.db, Date.now());
  },
});
