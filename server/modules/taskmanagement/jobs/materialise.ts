import Type, { type Static } from 'typebox';
import type { Db } from '../../../db/client';
import { defineJob, type JobPayloads } from '../../../lib/jobs';
import type { Jobs } from '../../../plugins/jobs';
import { materialiseDue, refreshTargetsForTenant } from '../engine';

const payload = Type.Object({
  /** One tenant (enqueue after a hierarchy write there), or every tenant when absent. */
  tenantId: Type.Optional(Type.Integer()),
  /** Also re-check which workspaces each task reaches (after hierarchy writes). */
  refreshTargets: Type.Optional(Type.Boolean()),
});

declare module '../../../lib/jobs' {
  interface JobPayloads {
    /**
     * Roll recurring tasks' assignments forward (planned 14 days ahead) and expire what passed its
     * expiry, every 15 minutes; with a tenant and `refreshTargets`, also re-check which workspaces
     * each task reaches (hierarchy writes queue their own tenant's run).
     */
    'tasks.materialise': Static<typeof payload>;
  }
}

/** What the worker runs for a `tasks.materialise` job. */
async function runMaterialiseJob(db: Db, job: JobPayloads['tasks.materialise'] = {}, jobs?: Jobs) {
  const refreshed =
    job.refreshTargets && job.tenantId !== undefined
      ? await refreshTargetsForTenant(db, job.tenantId, new Date(), jobs)
      : undefined;
  const due = await materialiseDue(db, { tenantId: job.tenantId, jobs });
  return { ...due, refreshed };
}

export const tasksMaterialiseJob = defineJob({
  name: 'tasks.materialise',
  payload,
  every: 15 * 60,
  // Idempotent (ON CONFLICT DO NOTHING), so a retry or a second process's run changes nothing.
  retry: { retryLimit: 3, retryDelaySeconds: 60, retryBackoff: true, expireInSeconds: 900 },
  handler: async (job, { app }) => {
    await runMaterialiseJob(app.db, job, app.jobs);
  },
});
