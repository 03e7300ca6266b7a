import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { hasCitus, migrateOnCitus } from '../../server/db/citus';
import { DEMO_PASSWORD } from '../../server/seed';
import { clusterAt } from './helpers/cluster';
import { type ServerProcess, startServerProcess } from './helpers/serverProcess';
import { directUrl, onPostgres, pooledUrl, postgresUrl } from './helpers/target';

/*
 * Several servers deployed at once on a new (or older) database: one migrates, installs the job
 * queue and seeds the demo data under the start-up lock (server/db/startLock.ts), the others wait
 * for it and then serve. Real child processes, as a deploy starts them, connected through the
 * run's PgBouncer in transaction mode. PostgreSQL only: PGlite is one process's database (its data
 * directory cannot be opened by a second process at all). Runs on Citus too (tests/run.ts).
 */

const migrationsFolder = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../server/db/migrations',
);
const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
  entries: unknown[];
};

/** Four processes compiling and starting on a loaded 2-core machine took up to half a minute. */
const START_TIMEOUT = 300_000;

const databases: string[] = [];
const running: ServerProcess[] = [];
const dataDirs: string[] = [];

afterAll(async () => {
  await Promise.all(running.map((p) => p.stop()));
  const cluster = await clusterAt(postgresUrl());
  for (const name of databases) await cluster.dropDatabase(name);
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
}, 120_000);

async function emptyDatabase(label: string): Promise<string> {
  const name = `storeline_${label}_${process.pid}_${Date.now().toString(36)}`;
  databases.push(name);
  await (await clusterAt(postgresUrl())).createDatabase(name);
  return name;
}

/** `count` servers on `database` started together, with the demo data asked for; answers the time all took. */
async function startTogether(
  database: string,
  count: number,
): Promise<{ servers: ServerProcess[]; ms: number }> {
  const started = performance.now();
  const servers = await Promise.all(
    Array.from({ length: count }, () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'storeline-first-start-'));
      dataDirs.push(dataDir);
      return startServerProcess({
        DATABASE_URL: pooledUrl(database),
        DATA_DIR: dataDir,
        DEMO: 'true',
        SECRET_KEY: 'first-start-test-secret-key-of-32-characters-at-least',
      }).then((server) => {
        running.push(server);
        return server;
      });
    }),
  );
  return { servers, ms: Math.round(performance.now() - started) };
}

async function signIn(server: ServerProcess): Promise<number> {
  const res = await fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'owner@acme.test', password: DEMO_PASSWORD }),
  });
  return res.status;
}

async function query<T extends pg.QueryResultRow>(database: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: directUrl(database) });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

/** Every server answers its health check and signs the demo owner in; the database was prepared once. */
async function expectServingOnce(database: string, servers: ServerProcess[]) {
  for (const server of servers) {
    const health = await fetch(`${server.url}/api/health`);
    expect(health.status, server.output()).toBe(200);
    expect(await signIn(server), server.output()).toBe(200);
  }
  const [counts] = await query<{
    migrations: number;
    acme: number;
    tenants: number;
    tasks: number;
    titles: number;
  }>(
    database,
    `SELECT (SELECT count(*)::int FROM drizzle.__drizzle_migrations) AS migrations,
            (SELECT count(*)::int FROM tenants WHERE name = 'Acme Retail') AS acme,
            (SELECT count(*)::int FROM tenants) AS tenants,
            (SELECT count(*)::int FROM tasks) AS tasks,
            (SELECT count(DISTINCT (tenant_id, title))::int FROM tasks) AS titles`,
  );
  expect(counts.migrations).toBe(journal.entries.length);
  expect(counts.acme).toBe(1);
  expect(counts.tenants).toBe(3);
  // The demo tasks were made once: no title twice in a tenant.
  expect(counts.tasks).toBeGreaterThan(0);
  expect(counts.tasks).toBe(counts.titles);
  for (const server of servers) expect(server.output()).not.toMatch(/"level":50/);
}

describe.skipIf(!onPostgres)('servers started together', () => {
  it(
    'four on an empty database: one migrates and seeds, all four serve',
    async () => {
      const database = await emptyDatabase('first');
      const { servers, ms } = await startTogether(database, 4);
      console.log(`four servers started together on an empty database: all listening after ${ms} ms`);
      await expectServingOnce(database, servers);
      // Exactly one of them seeded.
      expect(servers.filter((s) => s.output().includes('demo data seeded'))).toHaveLength(1);
      await Promise.all(servers.map((s) => s.stop()));
    },
    START_TIMEOUT,
  );

  it(
    'two on a database migrated by an older version: the rest of the migrations run once',
    async () => {
      const database = await emptyDatabase('older');
      // The first half of the migrations, as an installation of an older version has them.
      const older = mkdtempSync(path.join(tmpdir(), 'storeline-older-migrations-'));
      dataDirs.push(older);
      cpSync(migrationsFolder, older, { recursive: true });
      const entries = journal.entries.slice(0, Math.floor(journal.entries.length / 2));
      writeFileSync(path.join(older, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
      const pool = new pg.Pool({ connectionString: directUrl(database), max: 2 });
      try {
        const client = await pool.connect();
        const citus = await hasCitus(client).finally(() => client.release());
        if (citus) await migrateOnCitus(pool, older);
        else await migrate(drizzle({ client: pool }), { migrationsFolder: older });
      } finally {
        await pool.end();
      }
      const [before] = await query<{ n: number }>(
        database,
        'SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations',
      );
      expect(before.n).toBe(entries.length);

      const { servers } = await startTogether(database, 2);
      await expectServingOnce(database, servers);
      await Promise.all(servers.map((s) => s.stop()));
    },
    START_TIMEOUT,
  );
});
