import { sql } from 'drizzle-orm';
import Type, { type Static } from 'typebox';
import { defineJob } from '../../../lib/jobs';

const payload = Type.Object({});

declare module '../../../lib/jobs' {
  interface JobPayloads {
    /** Refresh the planner's statistics (periodic, hourly; the embedded database only: no autovacuum). */
    'database.analyse': Static<typeof payload>;
  }
}

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
export const databaseAnalyseJob = defineJob({
  name: 'database.analyse',
  payload,
  every: 3600,
  when: (app) => app.database.kind === 'pglite',
  // A sample of each table, well under a second at 5,000 stores; stale statistics for an hour are harmless.
  retry: { retryLimit: 1, retryDelaySeconds: 300, retryBackoff: false, expireInSeconds: 600 },
  handler: async (_data, { app }) => {
    await app.db.execute(sql`ANALYZE`);
  },
});
