import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { DEFAULT_LIMITS } from '../db/limits';
import { organisationBusy } from './errors';
import { LOCK_NOT_AVAILABLE, pgErrorOf } from './pgErrors';

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
 * the previous holder committed. A request takes it through `organisationTransaction`; background
 * work (an import) calls this in its own transaction.
 *
 * The wait is bounded by the transaction's lock_timeout (db/limits.ts): the lock not granted in
 * time answers 409 with Retry-After.
 */
export async function lockOrganisation(tx: Db, tenantId: number): Promise<void> {
  try {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('storeline.organisation'), ${tenantId}::int)`);
  } catch (error) {
    if (pgErrorOf(error)?.code === LOCK_NOT_AVAILABLE) throw organisationBusy();
    throw error;
  }
}

/**
 * How long a request waits in memory for its tenant's turn (DATABASE_LOCK_TIMEOUT_MS; 0: as long
 * as it takes). Set once at start by buildApp.
 */
let turnWaitMs = DEFAULT_LIMITS.lockMs;
export function waitForOrganisationTurnsUpTo(ms: number): void {
  turnWaitMs = ms;
}

interface Waiter {
  go: () => void;
  timer: NodeJS.Timeout | undefined;
}
/** Per tenant, the requests of this process queued behind the one whose turn it is. */
const queues = new Map<number, Waiter[]>();

/**
 * This process's turn at a tenant's organisation lock: one request at a time per tenant, the
 * others queued here in memory, not on a connection. The lock admits one transaction at a time
 * anyway; without the queue, each request waiting for it held a pool connection meanwhile, and
 * fifteen of one tenant's writes behind a slow import left none for any other tenant (their reads
 * took 14.5 s instead of 4 ms). A request that waits longer than the lock timeout is refused with
 * 409 and Retry-After, as one that waited on the lock itself would be.
 */
function takeTurn(tenantId: number): Promise<() => void> {
  const release = () => {
    const queue = queues.get(tenantId);
    const next = queue?.shift();
    if (next) next.go();
    else queues.delete(tenantId);
  };
  const queue = queues.get(tenantId);
  if (!queue) {
    queues.set(tenantId, []);
    return Promise.resolve(release);
  }
  return new Promise((resolve, reject) => {
    const waiter: Waiter = {
      go: () => {
        clearTimeout(waiter.timer);
        resolve(release);
      },
      timer: undefined,
    };
    if (turnWaitMs > 0)
      waiter.timer = setTimeout(() => {
        queue.splice(queue.indexOf(waiter), 1);
        reject(organisationBusy());
      }, turnWaitMs);
    queue.push(waiter);
  });
}

/** A transaction that holds the tenant's organisation lock from its first statement (see above). */
export async function organisationTransaction<T>(
  db: Db,
  tenantId: number,
  run: (tx: Tx) => Promise<T>,
): Promise<T> {
  const release = await takeTurn(tenantId);
  try {
    return await db.transaction(async (tx) => {
      await lockOrganisation(tx, tenantId);
      return run(tx);
    });
  } finally {
    release();
  }
}
