import { termValues } from '../../../contract/terms';
import type { Db } from '../../db/client';
import { conflict } from '../../lib/errors';
import { countWorkspaces, lockTenant } from '../../lib/workspaceCount';
import { loadSettings, loadTerms } from '../settings/service';

/** The tenant's word for several workspaces, lower case ("stores"), for an import's report (English). */
export async function workspacesTerm(db: Db, tenantId: number): Promise<string> {
  return termValues(await loadTerms(db, tenantId), 'en').workspaces_lower;
}

/**
 * Refuses (409) to take the tenant past its `max_active_workspace` setting. Locks the tenant row
 * first so concurrent activations are counted one after the other; call inside the transaction.
 */
export async function assertCanActivate(db: Db, tenantId: number, adding = 1): Promise<void> {
  await lockTenant(db, tenantId);
  // One after the other: a transaction is one connection, where node-postgres queues a query
  // sent while another runs (deprecated) and pg@9 refuses it.
  const { active } = await countWorkspaces(db, tenantId);
  const settings = await loadSettings(db, tenantId);
  const limit = settings.max_active_workspace;
  if (active + adding <= limit) return;
  // The term is filled in the reader's language when the answer is written (plugins/errors.ts).
  throw conflict(
    `The limit of ${limit} active {workspaces_lower} is reached (${active} are active). Deactivate one first, or ask Storeline support to raise the limit.`,
  );
}
