import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';
import { type JobLog, JobQueue } from '../lib/jobQueue';
import type { JobPayloads, JobSettings } from '../lib/jobs';

export type Jobs = JobQueue<JobPayloads>;

declare module 'fastify' {
  interface FastifyInstance {
    jobs: Jobs;
  }
}

/**
 * `app.jobs`: modules enqueue with `app.jobs.send(dbOrTx, name, data)` and register their handler
 * with `app.jobs.work(name, handler)` when they are registered; the queue starts when the app is
 * ready (creating pg-boss's schema and the queues if needed) and stops when it closes.
 */
export const jobsPlugin = fp(
  async (app: FastifyInstance, opts: { database: Database; workers: boolean; settings: JobSettings }) => {
    const jobs: Jobs = new JobQueue(opts.database, opts.settings, { workers: opts.workers, log: app.log });
    app.decorate('jobs', jobs);
    app.addHook('onReady', () => jobs.start());
    app.addHook('onClose', () => jobs.stop());
  },
  { name: 'jobs' },
);

/** Creates pg-boss's schema and the queues ahead of a first start (test images are built with it). */
export async function installJobs(
  database: Database,
  settings: JobSettings,
  log: JobLog = console,
): Promise<void> {
  const jobs: Jobs = new JobQueue(database, settings, { workers: false, log });
  await jobs.start();
  await jobs.stop();
}
