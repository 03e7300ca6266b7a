import type { FastifyInstance } from 'fastify';
import { runRollupJob } from './rollup';

/** Days settle as their due times pass in each zone; every 15 minutes the roll-up takes them in. */
export const ROLLUP_EVERY_MS = 15 * 60_000;

/**
 * Registers the `reports.rollup` worker and, in processes that run workers, enqueues one pass
 * over every tenant at start (the first one rolls the whole history) and per 15-minute slot;
 * pg-boss keeps one job per slot however many processes enqueue it.
 */
export function scheduleReportRollup(app: FastifyInstance) {
  app.jobs.work('reports.rollup', async (payload) => {
    await runRollupJob(app.db, payload);
  });
  if (!app.config.jobWorkers) return;
  const enqueue = () =>
    app.jobs
      .send(
        app.db,
        'reports.rollup',
        {},
        { singletonKey: 'reports.rollup', singletonSeconds: ROLLUP_EVERY_MS / 1000 },
      )
      .catch((err: unknown) => app.log.error({ err }, 'could not enqueue the report roll-up'));
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    void enqueue();
    timer = setInterval(enqueue, ROLLUP_EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
