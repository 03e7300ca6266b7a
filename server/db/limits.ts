import { sql } from 'drizzle-orm';
import type { Db } from './client';

/** How long the application's transactions may run, wait for a lock, or sit idle (milliseconds; 0: no limit). */
export interface DatabaseLimits {
  statementMs: number;
  lockMs: number;
  idleInTransactionMs: number;
  /** Statements and idle time of the long work: imports, the report roll-up, log retention. */
  longWorkMs: number;
}

export const DEFAULT_LIMITS: DatabaseLimits = {
  statementMs: 30_000,
  lockMs: 5_000,
  idleInTransactionMs: 60_000,
  longWorkMs: 600_000,
};

/**
 * The statements that open every transaction of the application, sent in one simple query with its
 * BEGIN. Through PgBouncer in transaction mode a session's SET lands on whichever server connection
 * the pooler lends next, and PgBouncer 1.18 refuses `statement_timeout` as a startup parameter
 * ("unsupported startup parameter"), so the limits go with each transaction: SET LOCAL ends with
 * it. Sent with BEGIN they cost no round trip of their own: through PgBouncer on one machine a
 * begin/select/commit took 0.26 ms, 0.33 ms with the limits in its BEGIN, 0.43 ms with them as a
 * statement of their own (median of 5 × 2,000).
 * The long-work limit travels as a placeholder setting that `allowLongWork` reads back.
 */
export function openingStatements(limits: DatabaseLimits): string {
  const ms = (value: number) => `'${Math.trunc(value)}ms'`;
  return [
    `SET LOCAL statement_timeout = ${ms(limits.statementMs)}`,
    `SET LOCAL lock_timeout = ${ms(limits.lockMs)}`,
    `SET LOCAL idle_in_transaction_session_timeout = ${ms(limits.idleInTransactionMs)}`,
    `SET LOCAL storeline.long_work_timeout = ${ms(limits.longWorkMs)}`,
  ].join('; ');
}

/**
 * Gives the rest of a transaction the long-work limits: its statements, its waits for locks and
 * its idle time (an import writes its result file between statements) may take up to the
 * long-work limit. For background work only: a request that waited that long would hold its
 * connection from everyone else. Where no limits were set (PGlite, which runs one statement at a
 * time and has no timers to cancel one), nothing is limited.
 */
export async function allowLongWork(tx: Db): Promise<void> {
  await tx.execute(sql`SELECT set_config(name, limit_ms, true)
    FROM unnest(ARRAY['statement_timeout', 'lock_timeout', 'idle_in_transaction_session_timeout']) AS name,
      coalesce(nullif(current_setting('storeline.long_work_timeout', true), ''), '0') AS limit_ms`);
}
