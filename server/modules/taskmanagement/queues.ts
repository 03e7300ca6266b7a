import type { JobSettingsOf } from '../../lib/jobs';
import type { MaterialiseJobPayload } from './jobs';

/** The jobs this module queues: what each carries (added to JobPayloads) and how it retries. */
declare module '../../lib/jobs' {
  interface JobPayloads {
    /**
     * Roll recurring tasks' assignments forward and expire what passed its expiry; with a tenant and
     * `refreshTargets`, also re-check which workspaces each task reaches (after hierarchy writes).
     */
    'tasks.materialise': MaterialiseJobPayload;
  }
}

export const taskmanagementJobs: JobSettingsOf<'tasks.materialise'> = {
  // Idempotent (ON CONFLICT DO NOTHING), so a retry or a second process's run changes nothing.
  'tasks.materialise': { retryLimit: 3, retryDelaySeconds: 60, retryBackoff: true, expireInSeconds: 900 },
};
