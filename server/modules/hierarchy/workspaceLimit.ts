import type { Db } from '../../db/client';
import { conflict } from '../../lib/errors';
import { countWorkspaces, lockTenant } from '../../lib/workspaceCount';
import { loadSettings, loadTerms } from '../settings/service';

/** The tenant's word for several workspaces, lower case ("stores"), for messages. */
export async function workspacesTerm(db: Db, tenantId: number): Promise<string> {
  const terms = await loadTerms(db, tenantId);
  const one = terms.workspace?.trim() || 'Workspace';
  return (terms.workspaces?.trim() || `${one}s`).toLowerCase();
}

/**
 * Refuses (409) to take the tenant past its `max_active_workspace` setting. Locks the tenant row
 * first so concurrent activations are counted one after the other; call inside the transaction.
 */
export async function assertCanActivate(db: Db, tenantId: number, adding = 1): Promise<void> {
  await lockTenant(db, tenantId);
  const [{ active }, settings] = await Promise.all([
    countWorkspaces(db, tenantId),
    loadSettings(db, tenantId),
  ]);
  const limit = settings.max_active_workspace;
  if (active + adding <= limit) return;
  const term = await workspacesTerm(db, tenantId);
  throw conflict(
    `The limit of ${limit} active ${term} is reached (${active} are active). Deactivate one first, or ask Storeline support to raise the limit.`,
  );
}
