import type { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { type App, buildApp } from '../../../server/app';
import type { Config } from '../../../server/config';
import type { Database, Db } from '../../../server/db/client';
import * as schema from '../../../server/db/schema';
import { openTestDatabase, type TestApp, type TestDatabase, testAppOver, testConfig } from './app';
import { onPostgres } from './target';

/**
 * The database as a second API process has it. On PostgreSQL its own connections (connectAgain).
 * PGlite is one process's database: the second shares its client, but gets a Db object of its
 * own, so that nothing the first keeps per Db (the tree cache) is shared with it either.
 */
export async function secondProcessDatabase(db: TestDatabase): Promise<Database> {
  if (onPostgres) return db.connectAgain();
  const client = (db.database.db as unknown as { $client: PGlite }).$client;
  return {
    ...db.database,
    db: drizzle({ client, schema }) as unknown as Db,
    // The client is the first database's to close.
    close: async () => {},
  };
}

/** Two API processes on one test database, sharing sessions (they live in the database). */
export interface TwoProcesses {
  a: TestApp;
  b: TestApp;
  /** The first process's database handle (its template copy, for what a test does beside the apps). */
  db: TestDatabase;
  close(): Promise<void>;
}

/**
 * Opens a test database and two processes on it, each an app built with `configFor()` (called once
 * per process, so each may get a DATA_DIR of its own) and readied, as a listening server is.
 */
export async function openTwoProcesses(configFor: () => Partial<Config> = () => ({})): Promise<TwoProcesses> {
  const db = await openTestDatabase();
  const second = await secondProcessDatabase(db);
  const tokens = new Map<string, string>();
  const processOn = async (database: Database): Promise<TestApp> => {
    const app: App = await buildApp({ config: testConfig(configFor()), database, logger: false });
    await app.ready();
    return testAppOver(app, database, tokens, () => app.close());
  };
  const a = await processOn(db.database);
  const b = await processOn(second);
  return {
    a,
    b,
    db,
    close: async () => {
      await a.close();
      await b.close();
      await second.close();
      await db.database.close();
      await db.drop();
    },
  };
}
