import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/**
 * Serialises the writes that check the organisation's shape before changing it: moving, creating
 * and deleting nodes (a move checks for cycles against paths another move may be rewriting),
 * moving positions, and every change the last-administrator rule guards (each counts the
 * administrators left, and two demotions counted side by side would both see one remaining).
 *
 * One transaction-scoped advisory lock per tenant, so concurrent requests of one tenant take
 * turns (across connections and processes) and other tenants never wait. One lock rather than one
 * per rule: these rules touch the same rows (an administrator is a position at the root), and one
 * lock cannot be taken in two orders, so it cannot deadlock. Take it as the transaction's first
 * statement, then read what the rule checks: under READ COMMITTED each later statement sees what
 * the previous holder committed.
 */
export async function lockOrganisation(tx: Db, tenantId: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('storeline.organisation'), ${tenantId}::int)`);
}
