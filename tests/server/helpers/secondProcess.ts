import type { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import type { Database, Db } from '../../../server/db/client';
import * as schema from '../../../server/db/schema';
import type { TestDatabase } from './app';
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
