import type { Db } from '../../db/client';
import type { Jobs } from '../../plugins/jobs';
import { materialiseDue, refreshTargetsForTenant } from './engine';

export interface MaterialiseJobPayload {
  /** One tenant (enqueue after a hierarchy write there), or every tenant when absent. */
  tenantId?: number;
  /** Also re-check which workspaces each task reaches (after hierarchy writes). */
  refreshTargets?: boolean;
}

/** What the worker runs for a `tasks.materialise` job. */
export async function runMaterialiseJob(db: Db, payload: MaterialiseJobPayload = {}, jobs?: Jobs) {
  const refreshed =
    payload.refreshTargets && payload.tenantId !== undefined
      ? await refreshTargetsForTenant(db, payload.tenantId, new Date(), jobs)
      : undefined;
  const due = await materialiseDue(db, { tenantId: payload.tenantId, jobs });
  return { ...due, refreshed };
}
