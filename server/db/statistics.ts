import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

/** How often the embedded database's planner statistics are refreshed. */
export const ANALYZE_EVERY_MS = 60 * 60_000;

/**
 * PostgreSQL's autovacuum keeps the planner's statistics; the embedded database (PGlite) has no
 * autovacuum, so without this its tables are never analysed and the planner guesses: at 5,000
 * stores one audit submission took 2.4 s instead of 14 ms. Processes that run the background
 * work analyse the embedded database when they are ready and then every hour (a sample of each
 * table, well under a second at that size).
 */
export function keepEmbeddedStatistics(app: FastifyInstance) {
  if (app.database.kind !== 'pglite' || !app.config.jobWorkers) return;
  const analyse = () => {
    app.db
      .execute(sql`ANALYZE`)
      .catch((err: unknown) => app.log.error({ err }, 'could not refresh the planner statistics'));
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    analyse();
    timer = setInterval(analyse, ANALYZE_EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
