import type { FastifyInstance } from 'fastify';
import { runMaterialiseJob } from './jobs';

/** Recurring tasks are planned 14 days ahead; every 15 minutes the window rolls and expiries apply. */
export const MATERIALISE_EVERY_MS = 15 * 60_000;

/**
 * Registers the `tasks.materialise` worker and, in processes that run workers, enqueues one run
 * per 15-minute slot. Every process enqueues with the slot as singleton key, so several API
 * processes normally queue one run per slot; a duplicate would change nothing (idempotent).
 */
export function scheduleMaterialisation(app: FastifyInstance) {
  app.jobs.work('tasks.materialise', async (payload) => {
    await runMaterialiseJob(app.db, payload);
  });
  if (!app.config.jobWorkers) return;
  const enqueue = () => {
    const slot = Math.floor(Date.now() / MATERIALISE_EVERY_MS);
    app.jobs
      .send(app.db, 'tasks.materialise', {}, { singletonKey: `tasks.materialise:${slot}` })
      .catch((err: unknown) => app.log.error({ err }, 'could not enqueue task materialisation'));
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    enqueue();
    timer = setInterval(enqueue, MATERIALISE_EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
