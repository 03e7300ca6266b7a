import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

/** How often the embedded database's planner statistics are refreshed. */
export const ANALYZE_EVERY_SECONDS = 3600;

/**
 * PostgreSQL's autovacuum keeps the planner's statistics; the embedded database (PGlite) has no
 * autovacuum, so without this its tables are never analysed and the planner guesses: at 5,000
 * stores one audit submission took 2.4 s instead of 14 ms. On PGlite, `database.analyse` runs once
 * an hour (a sample of each table, well under a second at that size), the first when the workers
 * start unless that hour's has run (the statistics are kept in the data directory).
 *
 * PGlite is one process's database, so a timer would do; it is a periodic job like all periodic
 * work so that there is one mechanism, and a failed run is retried and kept with its error.
 */
export function keepEmbeddedStatistics(app: FastifyInstance) {
  if (app.database.kind !== 'pglite') return;
  app.jobs.work('database.analyse', async () => {
    await app.db.execute(sql`ANALYZE`);
  });
  app.jobs.every('database.analyse', ANALYZE_EVERY_SECONDS, {});
}
