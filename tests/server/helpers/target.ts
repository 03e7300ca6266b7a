import { inject } from 'vitest';

/**
 * Which database the server suites run on: the embedded PGlite (default) or, when
 * STORELINE_TEST_DB=postgres, the server at DATABASE_URL — one fresh database per test file,
 * cloned from a migrated and seeded template made once per run.
 *
 * On PostgreSQL there are two ways in:
 * - pooledUrl(name): through the run's PgBouncer in transaction mode, as production connects. The
 *   app under test (openTestDatabase's database, reopen(), connectAgain()) always uses it.
 * - directUrl(name) / postgresUrl(): straight to the server, for administrative work (CREATE/DROP
 *   DATABASE, building and cloning the template) and for a test that must bypass the pooler, e.g.
 *   one that needs a session of its own or terminates backends. Say why where one is used.
 */
export const onPostgres = process.env.STORELINE_TEST_DB === 'postgres';

/** DATABASE_URL as given (the admin connection), or with its database replaced by `database`. */
export function postgresUrl(database?: string): string {
  const raw = process.env.DATABASE_URL;
  if (!raw)
    throw new Error(
      'STORELINE_TEST_DB=postgres needs DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test)',
    );
  if (!database) return raw;
  const url = new URL(raw);
  url.pathname = `/${database}`;
  return url.toString();
}

/** The database DATABASE_URL names (the admin connection's). */
export function adminDatabase(): string {
  return decodeURIComponent(new URL(postgresUrl()).pathname.slice(1)) || 'postgres';
}

/** `database` on the PostgreSQL server itself, bypassing PgBouncer. */
export function directUrl(database: string): string {
  return postgresUrl(database);
}

/** `database` through the run's PgBouncer (transaction mode): how the app under test connects. */
export function pooledUrl(database: string): string {
  const base = inject('pgbouncerUrl');
  if (!base) throw new Error('no PgBouncer in this run: pooledUrl() is for STORELINE_TEST_DB=postgres');
  const url = new URL(base);
  url.pathname = `/${database}`;
  return url.toString();
}
