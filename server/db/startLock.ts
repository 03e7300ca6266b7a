import type pg from 'pg';

/**
 * The installation's start-up lock: one bigint key (the one-argument form, so it can never equal
 * the two-int keys of the organisation and roll-up locks).
 */
const START_LOCK = "hashtextextended('storeline.start', 0)";

/**
 * Runs `work` (migrations, the job queue's schema, the demo seed) while this process holds the
 * start-up lock, so that any number of processes may start at once: one does the work, the others
 * wait for the lock and then find nothing left to do.
 *
 * The lock is transaction-level, taken by a transaction on a client of its own that stays open
 * for the whole of `work`, which runs on other connections of the pool. Through PgBouncer in
 * transaction mode a session-level lock would belong to whichever server connection the pooler
 * lent for that one statement, and could be left to another client; an open transaction keeps its
 * server connection. The work cannot run inside that transaction instead: Drizzle's migrator and
 * migrateOnCitus open transactions of their own (one per migration).
 *
 * The lock transaction does nothing but wait and then idle, so it sets no time limit of its own:
 * a process waiting behind a long migration must not give up, and the holder's transaction sits
 * idle while the work runs elsewhere. On Citus it is taken on the coordinator, where every process
 * connects.
 */
export async function underStartLock<T>(pool: pg.Pool, work: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query('BEGIN');
    await client.query(
      'SET LOCAL statement_timeout = 0; SET LOCAL lock_timeout = 0; SET LOCAL idle_in_transaction_session_timeout = 0',
    );
    await client.query(`SELECT pg_advisory_xact_lock(${START_LOCK})`);
    const result = await work();
    await client.query('COMMIT');
    return result;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {
      broken = true;
    });
    throw err;
  } finally {
    client.release(broken);
  }
}
