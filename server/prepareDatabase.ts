import type { Database } from './db/client';
import type { JobLog } from './lib/jobQueue';
import { JOBS } from './modules';
import { installJobs } from './plugins/jobs';
import { isDatabaseEmpty, type SeedOptions, seedDemo } from './seed';

export interface PrepareOptions {
  /** Seed the demo data when the database has no tenant yet. */
  demo?: SeedOptions;
  log?: JobLog;
}

/**
 * Everything a database needs before an app serves on it: the migrations, the job queue's schema
 * and queues, and (when asked) the demo data. All of it under the start-up lock, so that processes
 * started together do it once: the others wait, then find the migrations applied, the queue
 * installed and a tenant present (checked only once the lock is held). Answers whether it seeded.
 */
export function prepareDatabase(database: Database, { demo, log }: PrepareOptions = {}): Promise<boolean> {
  return database.underStartLock(async () => {
    await database.migrate();
    await installJobs(database, JOBS, log);
    if (!demo || !(await isDatabaseEmpty(database.db))) return false;
    await seedDemo(database.db, demo);
    return true;
  });
}
