import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { and, eq } from 'drizzle-orm';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { type Database, openDatabase } from '../../server/db/client';
import { users } from '../../server/db/schema';
import { startSession } from '../../server/modules/session/service';
import { seedDemo } from '../../server/seed';
import { clusterAt } from '../server/helpers/cluster';
import { onEachDatabase } from './benchSetup';
import { report } from './measure';

/**
 * Signed-in throughput against a floor: a bare Fastify endpoint doing one primary-key lookup on the
 * same database, measured in the same run, so each endpoint's figure is a share of what this machine
 * and database can do at all (issue: "at least half the bare endpoint's throughput").
 * BENCH_SECONDS (default 8) and BENCH_CONNECTIONS (default 50) tune the load.
 */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

const now = Math.floor(Date.now() / 1000);
const zone = encodeURIComponent('Australia/Sydney');

/** Each hot endpoint and who calls it: the owner for administration, a store's team member for My Tasks. */
export const HOT_ENDPOINTS = [
  { path: '/api/user/verify', as: 'owner@acme.test' },
  { path: '/api/department/list', as: 'owner@acme.test' },
  { path: '/api/user/list?page=1&per_page=25', as: 'owner@acme.test' },
  { path: `/api/user/task/date?datetime=${now}&timezone=${zone}`, as: 'staff@acme.test' },
  { path: `/api/user/task/urgent?datetime=${now}&timezone=${zone}`, as: 'staff@acme.test' },
] as const;

export interface Figures {
  requests: number;
  p99: number;
  errors: number;
}

/**
 * Autocannon against `url` for BENCH_SECONDS with BENCH_CONNECTIONS connections (this bench's
 * defaults); `options` overrides them and adds more (per-connection requests, another duration).
 */
export async function load(
  url: string,
  headers: Record<string, string> = {},
  options: Partial<autocannon.Options> = {},
): Promise<Figures> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers, ...options });
  return {
    requests: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

/** A migrated database with the demo data; on PostgreSQL a new database `name` at `url`. */
export interface DemoDatabase {
  database: Database;
  /** PostgreSQL only: the bench database's name and its direct URL. */
  name?: string;
  url?: string;
  drop(): Promise<void>;
}

export async function demoDatabase(kind: 'pglite' | 'postgres'): Promise<DemoDatabase> {
  if (kind === 'pglite') {
    const database = await openDatabase({ kind: 'pglite' });
    await database.migrate();
    await seedDemo(database.db);
    return { database, drop: () => database.close() };
  }
  const base = new URL(process.env.DATABASE_URL!);
  const name = `storeline_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base.toString() });
  await admin.connect();
  // On a Citus coordinator the database is made on every node, Citus's default 32 shards a table.
  const cluster = await clusterAt(base.toString());
  await cluster.createDatabase(name, 32);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString() });
  await database.migrate();
  await seedDemo(database.db);
  // What autovacuum does within its first minute on a server: without statistics the planner
  // takes each demo table for one row and My Tasks' day query reads 13 times the pages it needs.
  // Vacuumed too, so autovacuum does not set in on the seeded tables during the first measurement.
  await database.executeSql('VACUUM ANALYZE');
  return {
    database,
    name,
    url: url.toString(),
    drop: async () => {
      await database.close();
      // The pool's end() resolves before its connections have said goodbye: give them a moment,
      // or FORCE cuts them off and each reports "database connection lost".
      for (let i = 0; i < 20; i++) {
        const { rows } = await admin.query(
          'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
          [name],
        );
        if (rows[0].n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await admin.end();
      await cluster.dropDatabase(name);
    },
  };
}

/** A session for the demo user `username`, started in the database as sign-in would. */
export async function signIn(database: Database, username: string) {
  const [user] = await database.db.select().from(users).where(eq(users.username, username));
  if (!user) throw new Error(`no demo user ${username}`);
  return { user, token: await startSession(database.db, user.tenantId, user.id) };
}

/**
 * The floor: a bare Fastify endpoint on 127.0.0.1 doing routing + one primary-key lookup (of
 * `who`) + JSON on `database`, no guard, no compression. `url` is the endpoint's full URL.
 */
export async function startBare(
  database: Database,
  who: { tenantId: number; id: number },
): Promise<{ url: string; close(): Promise<void> }> {
  const bare = Fastify({ logger: false });
  bare.get('/bare', async () => {
    const [row] = await database.db
      .select({ id: users.id, username: users.username })
      .from(users)
      .where(and(eq(users.tenantId, who.tenantId), eq(users.id, who.id)));
    return { status: 200, data: row };
  });
  const base = await bare.listen({ port: 0, host: '127.0.0.1' });
  return { url: `${base}/bare`, close: () => bare.close() };
}

async function runOn(kind: 'pglite' | 'postgres') {
  console.log(
    `\nSigned-in throughput on ${kind === 'pglite' ? 'embedded PGlite' : 'PostgreSQL'} — demo data with Acme’s demo tasks, ${CONNECTIONS} connections, ${SECONDS} s each`,
  );
  const { database, drop } = await demoDatabase(kind);
  const { user: owner } = await signIn(database, 'owner@acme.test');
  const tokens = new Map<string, string>();
  for (const { as } of HOT_ENDPOINTS) if (!tokens.has(as)) tokens.set(as, (await signIn(database, as)).token);

  const bare = await startBare(database, owner);
  const app = await buildApp({ config: { ...loadConfig({}), webRoot: undefined }, database, logger: false });
  const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });

  try {
    const floor = await load(bare.url);
    report('bare Fastify, one primary-key lookup', `${floor.requests.toFixed(0)} req/s  p99 ${floor.p99} ms`);
    for (const { path, as } of HOT_ENDPOINTS) {
      const headers = { authorization: `Bearer ${tokens.get(as)}`, 'accept-encoding': 'gzip, br' };
      const figures = await load(`${appUrl}${path}`, headers);
      const share = figures.requests / floor.requests;
      report(
        path.split('?')[0]!,
        `${figures.requests.toFixed(0)} req/s  p99 ${figures.p99} ms  share ${share.toFixed(2)}  p99 ×${(figures.p99 / Math.max(1, floor.p99)).toFixed(1)}${figures.errors ? `  (${figures.errors} errors)` : ''}`,
      );
    }
  } finally {
    await app.close();
    await bare.close();
    await drop();
  }
}

export async function throughputBench() {
  await onEachDatabase(runOn);
}
