import type { FastifyInstance } from 'fastify';
import { runRollupJob } from './rollup';

/** Days settle as their due times pass in each zone; every 15 minutes the roll-up takes them in. */
export const ROLLUP_EVERY_SECONDS = 15 * 60;

/**
 * Registers the `reports.rollup` worker and makes its pass over every tenant periodic: one job per
 * 15-minute slot across all processes, the first of them when the first worker process starts
 * (that one rolls the whole history). Writes queue their own tenant's roll-up (reportChanges.ts).
 */
export function scheduleReportRollup(app: FastifyInstance) {
  app.jobs.work('reports.rollup', async (payload) => {
    await runRollupJob(app.db, payload);
  });
  app.jobs.every('reports.rollup', ROLLUP_EVERY_SECONDS, {});
}
