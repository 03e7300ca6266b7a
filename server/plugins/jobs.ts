import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';
import { type JobLog, JobQueue } from '../lib/jobQueue';
import type { JobCatalogue, JobDefinition, JobName, JobPayloads } from '../lib/jobs';

export type Jobs = JobQueue<JobPayloads>;

declare module 'fastify' {
  interface FastifyInstance {
    jobs: Jobs;
  }
}

/**
 * `app.jobs`, the job runner: modules enqueue with `app.jobs.send(dbOrTx, name, data)`; this
 * plugin starts the worker of every job the modules declare (and its period, if it has one), the
 * only place that does. The queue starts when the app is ready (creating pg-boss's schema and the
 * queues if needed) and stops when it closes.
 */
export const jobsPlugin = fp(
  async (app: FastifyInstance, opts: { database: Database; workers: boolean; jobs: JobCatalogue }) => {
    const jobs: Jobs = new JobQueue(opts.database, opts.jobs, { workers: opts.workers, log: app.log });
    app.decorate('jobs', jobs);
    for (const name of Object.keys(opts.jobs) as JobName[]) startJob(app, opts.jobs, name);
    app.addHook('onReady', () => jobs.start());
    app.addHook('onClose', () => jobs.stop());
  },
  { name: 'jobs' },
);

function startJob<N extends JobName>(app: FastifyInstance, catalogue: JobCatalogue, name: N): void {
  const job: JobDefinition<N> = catalogue[name];
  if (job.when && !job.when(app)) return;
  app.jobs.work(job.name, (data, run) => job.handler(data, { app, run }));
  if (job.every !== undefined) app.jobs.every(job.name, job.every);
}

/** Creates pg-boss's schema and the queues ahead of a first start (test images are built with it). */
export async function installJobs(
  database: Database,
  catalogue: JobCatalogue,
  log: JobLog = console,
): Promise<void> {
  const jobs: Jobs = new JobQueue(database, catalogue, { workers: false, log });
  await jobs.start();
  await jobs.stop();
}
