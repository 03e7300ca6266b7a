import Type, { type Static } from 'typebox';
import { defineJob } from '../../../lib/jobs';
import { runRollupJob } from '../rollup';

const payload = Type.Object({ tenantId: Type.Optional(Type.Integer()) });

declare module '../../../lib/jobs' {
  interface JobPayloads {
    /**
     * Bring the reports' daily roll-up up to date: days settled since the last run, and rolled days
     * that writes changed. One tenant (after writes there, reportChanges.ts), or every tenant (the
     * periodic pass: days settle as their due times pass in each zone, and every 15 minutes the
     * roll-up takes them in; the first worker process's first run rolls the whole history).
     */
    'reports.rollup': Static<typeof payload>;
  }
}

export const reportsRollupJob = defineJob({
  name: 'reports.rollup',
  payload,
  every: 15 * 60,
  // Safe to repeat: a day is always rolled again from scratch, and each transaction keeps what it
  // rolled, so a retry after a failure (or a run cut short) goes on from there.
  retry: { retryLimit: 3, retryDelaySeconds: 60, retryBackoff: true, expireInSeconds: 1800 },
  handler: async (job, { app }) => {
    await runRollupJob(app.db, job);
  },
});
