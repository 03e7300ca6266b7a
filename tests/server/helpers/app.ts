import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { type App, buildApp } from '../../../server/app';
import { type Config, loadConfig } from '../../../server/config';
import { type Database, openDatabase } from '../../../server/db/client';
import { mailOutbox, tenants, users } from '../../../server/db/schema';
import { startSession } from '../../../server/modules/session/service';
import { onPostgres, postgresUrl } from './target';

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

async function openTestDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (!onPostgres) {
    const image = new Blob([readFileSync(inject('pgliteImage'))], { type: 'application/x-gzip' });
    return { database: await openDatabase({ kind: 'pglite', image }), drop: async () => {} };
  }
  const template = inject('postgresTemplate');
  const name = `${template}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresUrl() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  await admin.end();
  const database = await openDatabase({ kind: 'postgres', url: postgresUrl(name) });
  return {
    database,
    drop: async () => {
      const client = new pg.Client({ connectionString: postgresUrl() });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** A fresh app on its own copy of the migrated demo database. */
export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const { database, drop } = await openTestDatabase();
  const config: Config = {
    ...loadConfig({}),
    webRoot: undefined,
    publicUrl: 'http://storeline.test',
    ...overrides,
  };
  const app = await buildApp({ config, database, logger: false });
  const tokens = new Map<string, string>();

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

  const inject = async (options: InjectOptions): Promise<InjectResponse> =>
    app.inject({
      method: options.method ?? 'GET',
      url: options.url,
      payload: options.payload as Record<string, unknown> | undefined,
      query: options.query as Record<string, string> | undefined,
      headers: options.headers,
    });

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
    close: async () => {
      await app.close();
      await database.close();
      await drop();
    },
  };
}
