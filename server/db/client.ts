import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { hasCitus, migrateOnCitus } from './citus';
import {
  pgliteClosingTransaction,
  postgresClosingTransaction,
  type TransactionClosingWith,
} from './closingTransaction';
import { type DatabaseLimits, DEFAULT_LIMITS, openingStatements } from './limits';
import * as schema from './schema';
import { underStartLock } from './startLock';

export type Schema = typeof schema;
/** Both drivers give the same query builder; services only ever see this type. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle is usable wherever a Db is. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Rows of a raw SQL statement, as both drivers answer them. */
export interface SqlResult {
  rows: Record<string, unknown>[];
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Raw SQL for libraries that bring their own (the job queue). With values: one statement.
   * Without: a script of several statements, possibly with its own BEGIN/COMMIT, answered with
   * the last statement's rows; if it fails, its transaction is rolled back, not left open.
   */
  executeSql(text: string, values?: unknown[]): Promise<SqlResult>;
  /** A transaction whose last statement goes with its COMMIT (the administration log's entry). */
  transactionClosingWith: TransactionClosingWith;
  migrate(): Promise<void>;
  /**
   * Runs `work` holding the installation's start-up lock (server/db/startLock.ts) on PostgreSQL;
   * PGlite is one process's database, so there it simply runs.
   */
  underStartLock<T>(work: () => Promise<T>): Promise<T>;
  /**
   * PGlite only: a gzipped image of its data directory taken while no transaction is in flight
   * (the database of a backup, server/backup).
   */
  image?(): Promise<Blob>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** Hears an idle connection the server dropped (restart, failover); the pool replaces it. */
  onConnectionLost(listener: (error: Error) => void): void;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export type DatabaseSource =
  | { kind: 'postgres'; url: string; poolSize?: number; limits?: DatabaseLimits }
  | { kind: 'pglite'; dataDir?: string; image?: Blob };

/** The database a configuration names: the PostgreSQL server at DATABASE_URL, else PGlite in DATA_DIR/db. */
export function databaseSourceOf(config: {
  databaseUrl: string | undefined;
  dataDir: string;
  databasePoolSize: number;
  databaseLimits: DatabaseLimits;
}): DatabaseSource {
  return config.databaseUrl
    ? {
        kind: 'postgres',
        url: config.databaseUrl,
        poolSize: config.databasePoolSize,
        limits: config.databaseLimits,
      }
    : { kind: 'pglite', dataDir: path.join(config.dataDir, 'db') };
}

/** `db`, the same query builder, whose transactions `transaction` opens. */
export function withTransaction(db: Db, transaction: Db['transaction']): Db {
  return new Proxy(db, {
    get(target, property) {
      if (property === 'transaction') return transaction;
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** The shortest wait for a free pool connection when statements are limited at all. */
const POOL_WAIT_FLOOR_MS = 5_000;

export async function openDatabase(source: DatabaseSource): Promise<Database> {
  if (source.kind === 'postgres') {
    const limits = source.limits ?? DEFAULT_LIMITS;
    // Waiting for a free connection is bounded as a statement is (0: no limit): with every
    // connection busy that long, the request answers 503 with Retry-After instead of hanging. At
    // least 5 s, since the wait includes opening a new connection, which a busy server may be slow at.
    const pool = new pg.Pool({
      connectionString: source.url,
      max: source.poolSize ?? 10,
      connectionTimeoutMillis: limits.statementMs && Math.max(limits.statementMs, POOL_WAIT_FLOOR_MS),
    });
    // A connection the server drops (restart, failover, a pooler's timeout) emits 'error' on its
    // client. The pool listens only while the client is idle; checked out by a request's
    // transaction, an unheard 'error' would end the process. So every client is heard all its life:
    // the query in flight fails on its own, the pool replaces the connection, and the app logs it.
    const lost = new Set<(error: Error) => void>();
    // Why a connection ended (an idle-in-transaction timeout, a restart): the request's next query
    // fails only with "not queryable", and its answer should say why (db/closingTransaction.ts).
    const endedWith = new WeakMap<pg.ClientBase, Error>();
    const heard = (err: Error) => {
      for (const listener of lost) listener(err);
    };
    pool.on('connect', (client) =>
      client.on('error', (err) => {
        // The first says why ("terminating connection due to idle-in-transaction timeout"); the
        // pooler's and the socket's follow.
        if (!endedWith.has(client)) endedWith.set(client, err);
        heard(err);
      }),
    );
    // The same event, already heard by the client's own listener.
    pool.on('error', () => {});
    const plainDb = drizzlePg({ client: pool, schema }) as unknown as Db;
    const transactionClosingWith = postgresClosingTransaction(pool, plainDb, {
      opening: openingStatements(limits),
      endedWith: (client) => endedWith.get(client),
    });
    // Every transaction opens with the time limits, sent with its BEGIN (db/limits.ts); settings
    // such as an isolation level follow as SET TRANSACTION.
    const transaction: Db['transaction'] = (run, config) =>
      transactionClosingWith(
        async (tx) => {
          if (config) await tx.setTransaction(config);
          return run(tx);
        },
        () => undefined,
      );
    const db = withTransaction(plainDb, transaction);
    return {
      db,
      kind: 'postgres',
      transactionClosingWith,
      onConnectionLost: (listener) => {
        lost.add(listener);
      },
      executeSql: async (text, values) => {
        if (values?.length) return pool.query(text, values);
        // A failed script leaves its connection inside an aborted transaction: discard it.
        const client = await pool.connect();
        try {
          const result = await client.query(text);
          client.release();
          return Array.isArray(result) ? (result.at(-1) ?? { rows: [] }) : result;
        } catch (err) {
          client.release(true);
          throw err;
        }
      },
      // With the citus extension the tables are distributed as they are made (server/db/citus.ts).
      migrate: async () => {
        const client = await pool.connect();
        const citus = await hasCitus(client).finally(() => client.release());
        if (citus) await migrateOnCitus(pool, migrationsFolder);
        else await migratePg(drizzlePg({ client: pool, schema }), { migrationsFolder });
      },
      underStartLock: (work) => underStartLock(pool, work),
      ping: async () => {
        await pool.query('select 1');
      },
      close: () => pool.end(),
    };
  }
  if (source.dataDir) mkdirSync(source.dataDir, { recursive: true });
  // An image is loaded into the data directory (or memory) on first open.
  const client = new PGlite({ dataDir: source.dataDir, loadDataDir: source.image });
  await client.waitReady;
  const pgliteDb = drizzlePglite({ client, schema });
  return {
    db: pgliteDb as unknown as Db,
    kind: 'pglite',
    transactionClosingWith: pgliteClosingTransaction(client, pgliteDb as unknown as Db),
    // In the process: there is no connection to lose.
    onConnectionLost: () => {},
    executeSql: async (text, values) => {
      if (values?.length) return client.query(text, values);
      // PGlite has one session: run the script inside a transaction of its own so that a failure
      // is rolled back before any other query gets the session (a script's own BEGIN/COMMIT only
      // warns inside it).
      const results = await client.transaction((tx) => tx.exec(text));
      return results.at(-1) ?? { rows: [] };
    },
    migrate: () => migratePglite(pgliteDb, { migrationsFolder }),
    underStartLock: (work) => work(),
    // Inside a transaction of its own: PGlite runs one at a time, so none of the app's is half
    // done, and none starts until the image is taken. The checkpoint writes what only the WAL had,
    // so that loading the image needs little recovery.
    image: () =>
      client.transaction(async (tx) => {
        await tx.query('CHECKPOINT');
        return client.dumpDataDir('gzip');
      }),
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
    // Exposed for the test image builder.
    ...({ pglite: client } as object),
  };
}
