import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { type App, buildApp } from '../../server/app';
import { type Config, loadConfig } from '../../server/config';
import { type Database, type Db, openDatabase } from '../../server/db/client';
import { users } from '../../server/db/schema';
import { startSession } from '../../server/modules/session/service';

/** An empty, migrated database for one bench (PGlite on disk, or a new PostgreSQL database). */
export async function freshDatabase(
  kind: 'pglite' | 'postgres',
  bench = 'tasks',
): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (kind === 'pglite') {
    // On disk, as `npm start` keeps it.
    const dataDir = mkdtempSync(path.join(tmpdir(), 'storeline-bench-'));
    const database = await openDatabase({ kind: 'pglite', dataDir });
    await database.migrate();
    return {
      database,
      drop: async () => {
        await database.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const base = new URL(process.env.DATABASE_URL!);
  const name = `storeline_bench_${bench}_${process.pid}`;
  const admin = new pg.Client({ connectionString: base.toString() });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString() });
  await database.migrate();
  return {
    database,
    drop: async () => {
      await database.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** The app a bench measures: no web pages, and no job workers (a bench drains the queue itself). */
export const benchApp = (database: Database, config: Partial<Config> = {}) =>
  buildApp({
    config: { ...loadConfig({}), webRoot: undefined, jobWorkers: false, ...config },
    database,
    logger: false,
  });

/** The headers of a new session of one of the tenant's people, by username. */
export async function sessionHeaders(db: Db, tenantId: number, username: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.username, username)));
  return { authorization: `Bearer ${await startSession(db, tenantId, user!.id)}` };
}

/**
 * A caller of the app's API: answers the JSON of a 200 and throws on anything else, with the start
 * of the body, so a bench never measures an error.
 */
export const apiCaller =
  (app: App) =>
  async (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: unknown) => {
    const res = await app.inject({ method, url, headers, payload: payload as object | undefined });
    if (res.statusCode !== 200)
      throw new Error(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    return res.json() as { data: Record<string, unknown> };
  };

/** A bench's runs: on embedded PGlite (BENCH_ONLY=postgres skips it), then on DATABASE_URL's PostgreSQL. */
export async function onEachDatabase(runOn: (kind: 'pglite' | 'postgres') => Promise<void>) {
  if (process.env.BENCH_ONLY !== 'postgres') await runOn('pglite');
  if (process.env.DATABASE_URL) await runOn('postgres');
  else console.log('  (set DATABASE_URL to measure on PostgreSQL too)');
}
