import type { Db } from '../../db/client';
import { materialiseDue, refreshTargetsForTenant } from './engine';

export interface MaterialiseJobPayload {
  /** One tenant (enqueue after a hierarchy write there), or every tenant when absent. */
  tenantId?: number;
  /** Also re-check which workspaces each task reaches (after hierarchy writes). */
  refreshTargets?: boolean;
}

/** What the worker runs for a `tasks.materialise` job. */
export async function runMaterialiseJob(db: Db, payload: MaterialiseJobPayload = {}) {
  const refreshed =
    payload.refreshTargets && payload.tenantId !== undefined
      ? await refreshTargetsForTenant(db, payload.tenantId)
      : undefined;
  const due = await materialiseDue(db, { tenantId: payload.tenantId });
  return { ...due, refreshed };
}
