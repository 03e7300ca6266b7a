import type { PGlite } from '@electric-sql/pglite';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import { PgliteSession, PgliteTransaction } from 'drizzle-orm/pglite';
import type pg from 'pg';
import { pgErrorOf } from '../lib/pgErrors';
import type { Db, Tx } from './client';

/**
 * A transaction that ends with one more statement, chosen from what its work answered, sent
 * with its COMMIT: `closing` answers a statement without parameters (values written in with
 * `pg.escapeLiteral`), or nothing. Made for the administration log, whose entry closes every
 * write (server/lib/activity.ts): on a PostgreSQL server the entry and the COMMIT travel in one
 * round trip instead of two; on PGlite the entry is one call into the engine, where drizzle's
 * parameterised statements make two (parse and describe, then bind and execute).
 */
export type TransactionClosingWith = <T>(
  run: (tx: Tx) => Promise<T>,
  closing: (answer: T) => string | undefined,
) => Promise<T>;

/** Drizzle's relational-query configuration of `db`, for the transactions made here. */
function relationalSchema(db: Db) {
  return { fullSchema: db._.fullSchema, schema: db._.schema!, tableNamesMap: db._.tableNamesMap };
}

export interface PostgresTransactionOptions {
  /** Statements sent in one query with BEGIN (the time limits, db/limits.ts). */
  opening: string;
  /** The error that ended a client's connection, if one did. */
  endedWith: (client: pg.ClientBase) => Error | undefined;
}

export function postgresClosingTransaction(
  pool: pg.Pool,
  db: Db,
  { opening, endedWith }: PostgresTransactionOptions,
): TransactionClosingWith {
  const dialect = new PgDialect();
  const schema = relationalSchema(db);
  return async (run, closing) => {
    const client = await pool.connect();
    let reusable = true;
    try {
      await client.query(`BEGIN; ${opening}`);
      const tx = new NodePgTransaction(dialect, new NodePgSession(client, dialect, schema), schema);
      const answer = await run(tx as unknown as Tx);
      const last = closing(answer);
      // A simple query may hold several statements; inside BEGIN they are this transaction's.
      const sent: pg.QueryResult | pg.QueryResult[] = await client.query(
        last ? `${last};\nCOMMIT` : 'COMMIT',
      );
      // COMMIT of a transaction a failed statement aborted answers ROLLBACK, not an error: the work
      // swallowed that failure, and nothing it wrote was kept.
      if ([sent].flat().at(-1)?.command === 'ROLLBACK') throw new Error('The transaction was rolled back');
      return answer;
    } catch (error) {
      // A connection that cannot even roll back is not given to the next request.
      await client.query('ROLLBACK').catch(() => {
        reusable = false;
      });
      // The server ended the connection (idle in transaction too long): say so, not only that the
      // connection is gone, so the request answers with what happened.
      const ended = endedWith(client);
      if (ended && !pgErrorOf(error)) throw new Error(ended.message, { cause: ended });
      throw error;
    } finally {
      client.release(!reusable);
    }
  };
}

export function pgliteClosingTransaction(client: PGlite, db: Db): TransactionClosingWith {
  const dialect = new PgDialect();
  const schema = relationalSchema(db);
  return (run, closing) =>
    client.transaction(async (session) => {
      const tx = new PgliteTransaction(dialect, new PgliteSession(session, dialect, schema), schema);
      const answer = await run(tx as unknown as Tx);
      const last = closing(answer);
      if (last) await session.exec(last);
      return answer;
    });
}
