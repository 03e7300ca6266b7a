/**
 * Which database the server suites run on: the embedded PGlite (default) or, when
 * STORELINE_TEST_DB=postgres, the server at DATABASE_URL — one fresh database per test file,
 * cloned from a migrated and seeded template made once per run.
 */
export const onPostgres = process.env.STORELINE_TEST_DB === 'postgres';

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
