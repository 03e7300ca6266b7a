import type { JobSettingsOf } from '../../lib/jobs';

/** The jobs this module queues: what each carries (added to JobPayloads) and how it retries. */
declare module '../../lib/jobs' {
  interface JobPayloads {
    /** Run one bulk import (`import_runs` row): check the file again, then write it in one transaction. */
    'imports.run': { tenantId: number; runId: number };
  }
}

export const importsJobs: JobSettingsOf<'imports.run'> = {
  // The run records its own failures and finishes; a retry happens only when a process died
  // mid-run (its transaction was rolled back, so running it again from the start is safe).
  'imports.run': { retryLimit: 2, retryDelaySeconds: 10, retryBackoff: false, expireInSeconds: 900 },
};
