import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, inject } from 'vitest';
import { type App, buildApp } from '../../../server/app';
import { type Config, loadConfig } from '../../../server/config';
import { type Database, openDatabase } from '../../../server/db/client';
import type { DatabaseLimits } from '../../../server/db/limits';
import { mailOutbox, tenants, users } from '../../../server/db/schema';
import { startSession } from '../../../server/modules/session/service';
import { clusterAt } from './cluster';
import { onPostgres, pooledUrl, postgresUrl } from './target';

export interface InjectOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  url: string;
  payload?: unknown;
  query?: Record<string, string | number>;
  headers?: Record<string, string>;
}

export type InjectResponse = Awaited<ReturnType<App['inject']>>;

export interface TestApp {
  app: App;
  database: Database;
  /** Calls the API as a demo user (a real session, made without the rate-limited login route). */
  injectAs(username: string, options: InjectOptions): Promise<InjectResponse>;
  inject(options: InjectOptions): Promise<InjectResponse>;
  tokenFor(username: string): Promise<string>;
  /** Mails stored in the outbox for an address, newest first. */
  mailsTo(email: string): Promise<(typeof mailOutbox.$inferSelect)[]>;
  userByUsername(username: string, tenant?: string): Promise<typeof users.$inferSelect>;
  close(): Promise<void>;
}

export interface TestDatabase {
  database: Database;
  /** Closes this connection and opens the same database again, as a restarted process would. */
  reopen(): Promise<Database>;
  /** Another connection to the same database, as a second API process has (PostgreSQL only). */
  connectAgain(): Promise<Database>;
  drop(): Promise<void>;
}

/**
 * A fresh copy of the migrated demo database. On PGlite it lives in memory, or with `persistent`
 * in a temporary data directory that reopen() opens again. On PostgreSQL it is cloned from the
 * template on the direct admin connection, and the app's connections (database, reopen(),
 * connectAgain()) go through the run's PgBouncer in transaction mode, as in production.
 */
export async function openTestDatabase({
  persistent = false,
  poolSize,
  limits,
}: {
  persistent?: boolean;
  poolSize?: number;
  limits?: DatabaseLimits;
} = {}): Promise<TestDatabase> {
  if (!onPostgres) {
    const image = new Blob([readFileSync(inject('pgliteImage'))], { type: 'application/x-gzip' });
    const dataDir = persistent ? mkdtempSync(path.join(tmpdir(), 'storeline-test-db-')) : undefined;
    const handle: TestDatabase = {
      database: await openDatabase({ kind: 'pglite', image, dataDir }),
      reopen: async () => {
        if (!dataDir) throw new Error('reopen() needs openTestDatabase({ persistent: true })');
        await handle.database.close();
        handle.database = await openDatabase({ kind: 'pglite', dataDir });
        return handle.database;
      },
      connectAgain: () => {
        throw new Error("PGlite is one process's database; a second process cannot open it");
      },
      drop: async () => {
        if (dataDir) rmSync(dataDir, { recursive: true, force: true });
      },
    };
    return handle;
  }
  const template = inject('postgresTemplate');
  const name = `${template}_${randomBytes(4).toString('hex')}`;
  const cluster = await clusterAt(postgresUrl());
  await cluster.cloneDatabase(template, name);
  const source = { kind: 'postgres', url: pooledUrl(name), poolSize, limits } as const;
  const handle: TestDatabase = {
    database: await openDatabase(source),
    reopen: async () => {
      await handle.database.close();
      handle.database = await openDatabase(source);
      return handle.database;
    },
    connectAgain: () => openDatabase(source),
    drop: () => cluster.dropDatabase(name),
  };
  return handle;
}

/**
 * The configuration tests run with. Background job workers are off: a test that needs its jobs
 * run calls `app.jobs.drain()`, so nothing happens behind its back.
 */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({}),
    webRoot: undefined,
    publicUrl: 'http://storeline.test',
    jobWorkers: false,
    ...overrides,
  };
}

/**
 * A fresh app on its own copy of the migrated demo database, opened with the overrides' pool size
 * and time limits (PostgreSQL).
 */
export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const { database, drop } = await openTestDatabase({
    poolSize: overrides.databasePoolSize,
    limits: overrides.databaseLimits,
  });
  const app = await buildApp({ config: testConfig(overrides), database, logger: false });
  return testAppOver(app, database, new Map(), async () => {
    await app.close();
    await database.close();
    await drop();
  });
}

/**
 * The app of one test file: made before its tests (a fresh app with `overrides`, or what `make`
 * answers) and closed after them. The handle stands for that app from the start, so kits can be
 * built on it at once; it reads the app only when a hook or a test calls it. Each call makes an app
 * of its own: nothing is kept between files.
 */
export function suiteApp(overrides?: Partial<Config>): TestApp;
export function suiteApp<T extends TestApp>(make: () => Promise<T>): T;
export function suiteApp(from: Partial<Config> | (() => Promise<TestApp>) = {}): TestApp {
  const make = typeof from === 'function' ? from : () => createTestApp(from);
  return madeBeforeAll('app', make, (app) => app.close());
}

/**
 * The database of one test file or describe block: a fresh copy (openTestDatabase) opened before
 * its tests, closed and dropped after them. Like suiteApp's, the handle reads it only when a hook
 * or a test calls it, so it follows reopen().
 */
export function suiteDatabase(): TestDatabase {
  return madeBeforeAll('database', openTestDatabase, async (db) => {
    await db.database.close();
    await db.drop();
  });
}

/** What `make` answers, made in beforeAll and closed in afterAll, behind a handle that stands for it from the start. */
function madeBeforeAll<T extends object>(
  what: string,
  make: () => Promise<T>,
  close: (made: T) => Promise<void>,
): T {
  let made: T | undefined;
  beforeAll(async () => {
    made = await make();
  });
  afterAll(async () => {
    if (made) await close(made);
  });
  const current = () => {
    if (!made) throw new Error(`the suite ${what} is made in beforeAll: use it from a hook or a test`);
    return made;
  };
  return new Proxy({} as T, { get: (_, key) => Reflect.get(current(), key) });
}

/**
 * The handle the suites hold on an app over `database`: calls as anyone, each person's session
 * made once and kept in `tokens` (shared where two processes serve the same people), and `close`.
 */
export function testAppOver(
  app: App,
  database: Database,
  tokens: Map<string, string>,
  close: () => Promise<void>,
): TestApp {
  const userByUsername = async (username: string, tenant?: string) => {
    const rows = await database.db
      .select({ user: users })
      .from(users)
      .innerJoin(tenants, eq(tenants.id, users.tenantId))
      .where(
        and(
          eq(sql`lower(${users.username})`, username.toLowerCase()),
          tenant ? eq(tenants.identifier, tenant) : undefined,
        ),
      );
    if (!rows[0]) throw new Error(`no user ${username}`);
    return rows[0].user;
  };

  const tokenFor = async (username: string) => {
    const cached = tokens.get(username);
    if (cached) return cached;
    const user = await userByUsername(username);
    const token = await startSession(database.db, user.tenantId, user.id);
    tokens.set(username, token);
    return token;
  };

  const inject = async (options: InjectOptions): Promise<InjectResponse> => {
    return app.inject({
      method: options.method ?? 'GET',
      url: options.url,
      payload: options.payload as Record<string, unknown> | undefined,
      query: options.query as Record<string, string> | undefined,
      headers: options.headers,
    });
  };

  return {
    app,
    database,
    inject,
    tokenFor,
    userByUsername,
    injectAs: async (username, options) =>
      inject({
        ...options,
        headers: { authorization: `Bearer ${await tokenFor(username)}`, ...options.headers },
      }),
    mailsTo: (email) =>
      database.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.recipient, email))
        .orderBy(sql`${mailOutbox.id} desc`),
    close,
  };
}
