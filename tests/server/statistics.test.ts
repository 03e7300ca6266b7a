import { afterAll, beforeAll, expect, it } from 'vitest';
import { type App, buildApp } from '../../server/app';
import { openTestDatabase, type TestDatabase, testConfig } from './helpers/app';
import { onPostgres } from './helpers/target';

/*
 * The embedded database has no autovacuum: unless the product analyses it, the planner never has
 * statistics (at 5,000 stores that made one audit submission take 2.4 s instead of 14 ms).
 */

let test: TestDatabase;
let app: App | undefined;

beforeAll(async () => {
  test = await openTestDatabase();
});
afterAll(async () => {
  await app?.close();
  await test.drop();
});

/** What the planner knows of the table's size: -1 until it has been analysed (or vacuumed). */
async function plannerRows(table: string): Promise<number> {
  const { rows } = await test.database.executeSql(
    'SELECT reltuples::float AS n FROM pg_class WHERE relname = $1 AND relkind = $2',
    [table, 'r'],
  );
  return Number(rows[0]!.n);
}

it.skipIf(onPostgres)('gives the embedded database planner statistics once the workers start', async () => {
  expect(await plannerRows('hierarchy_nodes')).toBe(-1);
  app = await buildApp({ config: testConfig({ jobWorkers: true }), database: test.database, logger: false });
  await app.ready();
  await expect.poll(() => plannerRows('hierarchy_nodes'), { timeout: 20_000 }).toBeGreaterThan(0);
});
