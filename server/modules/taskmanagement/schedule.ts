import type { FastifyInstance } from 'fastify';
import { runMaterialiseJob } from './jobs';

/** Recurring tasks are planned 14 days ahead; every 15 minutes the window rolls and expiries apply. */
export const MATERIALISE_EVERY_SECONDS = 15 * 60;

/**
 * Registers the `tasks.materialise` worker and makes its pass over every tenant periodic: one job
 * per 15-minute slot across all processes (idempotent all the same: ON CONFLICT DO NOTHING).
 * Hierarchy writes queue their own tenant's run with `refreshTargets`.
 */
export function scheduleMaterialisation(app: FastifyInstance) {
  app.jobs.work('tasks.materialise', async (payload) => {
    await runMaterialiseJob(app.db, payload, app.jobs);
  });
  app.jobs.every('tasks.materialise', MATERIALISE_EVERY_SECONDS, {});
}
