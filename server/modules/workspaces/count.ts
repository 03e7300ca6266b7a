import type { Db } from '../../db/client';
import { countWorkspacesByStatus } from './repository';

/**
 * Active and inactive workspaces of the whole tenant: what its `max_active_workspace` setting
 * limits. On its own so that the settings service can show the count without depending on the
 * limit check, which reads the settings.
 */
export function countWorkspaces(db: Db, tenantId: number): Promise<{ active: number; inactive: number }> {
  return countWorkspacesByStatus(db, tenantId);
}
