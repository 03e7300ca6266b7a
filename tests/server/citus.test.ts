import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { OWNER, STAFF } from './helpers/acmePeople';
import { createTestApp, type InjectResponse, type TestApp } from './helpers/app';
import { taskKit } from './helpers/tasks';

/**
 * On a Citus cluster (the third server run of `npm test` in CI, or STORELINE_TEST_DB=postgres with
 * DATABASE_URL at a coordinator): every tenant table is distributed by tenant_id and the requests
 * a tenant makes all day are answered by queries on one shard. Elsewhere these tests are skipped.
 */
const onCitus = inject('citus');

interface Statement {
  text: string;
  values: unknown[];
}

/** Every statement the app sends while `work` runs (the pg driver's query calls, on any connection). */
async function statementsOf(work: () => Promise<InjectResponse>): Promise<[InjectResponse, Statement[]]> {
  const seen: Statement[] = [];
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  proto.query = function (this: unknown, ...args: unknown[]) {
    const [first, second] = args;
    if (typeof first === 'string') seen.push({ text: first, values: Array.isArray(second) ? second : [] });
    else if (first && typeof first === 'object' && 'text' in first) {
      const config = first as { text: string; values?: unknown[] };
      seen.push({ text: config.text, values: config.values ?? (Array.isArray(second) ? second : []) });
    }
    return original.apply(this, args);
  };
  try {
    return [await work(), seen];
  } finally {
    proto.query = original;
  }
}

/** The Task Count of every distributed job in an EXPLAIN (FORMAT JSON) plan, subplans included. */
function taskCounts(plan: unknown, found: number[] = []): number[] {
  if (Array.isArray(plan)) for (const item of plan) taskCounts(item, found);
  else if (plan && typeof plan === 'object')
    for (const [key, value] of Object.entries(plan)) {
      if (key === 'Task Count' && typeof value === 'number') found.push(value);
      else taskCounts(value, found);
    }
  return found;
}

/** `text` with its parameters written in as literals. */
function inlined(text: string, values: unknown[]): string {
  return text.replace(/\$(\d+)/g, (_, n: string) => {
    const value = values[Number(n) - 1];
    if (value === null || value === undefined) return 'NULL';
    const raw =
      value instanceof Date
        ? value.toISOString()
        : typeof value === 'object'
          ? JSON.stringify(value)
          : String(value);
    return `'${raw.replace(/'/g, "''")}'`;
  });
}

const CONTROL = /^\s*(BEGIN|COMMIT|ROLLBACK|SAVEPOINT|RELEASE|SET|SHOW|select 1\s*$)/i;

describe.skipIf(!onCitus)('Storeline on Citus', () => {
  let t: TestApp;
  let k: ReturnType<typeof taskKit>;
  beforeAll(async () => {
    t = await createTestApp();
    k = taskKit(t);
  });
  afterAll(() => t?.close());

  it('distributes every table with a tenant_id column by tenant_id, all colocated; the others are reference tables', async () => {
    const { rows } = await t.database.executeSql(
      `SELECT c.relname AS name,
         EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'tenant_id'
                 AND NOT a.attisdropped) AS tenant_owned,
         ct.citus_table_type AS kind, ct.distribution_column AS column, ct.colocation_id AS colocation
       FROM pg_class c LEFT JOIN citus_tables ct ON ct.table_name = c.oid::regclass
       WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p') AND NOT c.relispartition
       ORDER BY c.relname`,
      [],
    );
    const tables = rows as {
      name: string;
      tenant_owned: boolean;
      kind: string | null;
      column: string | null;
      colocation: number | null;
    }[];
    const tenantTables = tables.filter((r) => r.tenant_owned);
    const misplaced = tables
      .filter((r) =>
        r.tenant_owned ? r.kind !== 'distributed' || r.column !== 'tenant_id' : r.kind !== 'reference',
      )
      .map((r) => `${r.name}: ${r.kind ?? 'local'}`);
    expect(misplaced).toEqual([]);
    expect(new Set(tenantTables.map((r) => r.colocation)).size).toBe(1);
    expect(tenantTables.map((r) => r.name)).toEqual(
      expect.arrayContaining(['users', 'tasks', 'task_assignments']),
    );
    expect(tables.filter((r) => !r.tenant_owned).map((r) => r.name)).toContain('tenants');
  });

  it('answers the hot tenant-scoped requests with single-shard (router) queries only', async () => {
    const draft = (await k.create(OWNER, await k.body())).json().data.id as number;
    // Sessions first, so the recorded statements are the requests' own.
    await t.tokenFor(OWNER);
    await t.tokenFor(STAFF);
    const made = await t.injectAs(OWNER, {
      method: 'POST',
      url: '/api/token/create',
      payload: { name: 'Citus feed', scopes: ['workspace.read'] },
    });
    const apiToken = made.json().data.token as string;
    const requests: [string, () => Promise<InjectResponse>][] = [
      ['guard and verify', () => t.injectAs(STAFF, { url: '/api/user/verify' })],
      [
        'day',
        () =>
          t.injectAs(STAFF, {
            url: '/api/user/task/date',
            query: { datetime: '2030-03-04', timezone: 'UTC' },
          }),
      ],
      [
        'urgent',
        () =>
          t.injectAs(STAFF, {
            url: '/api/user/task/urgent',
            query: { datetime: '2030-03-04', timezone: 'UTC' },
          }),
      ],
      ['task list', () => t.injectAs(OWNER, { url: '/api/admin/task/list' })],
      ['user list', () => t.injectAs(OWNER, { url: '/api/user/list' })],
      ['store list', () => t.injectAs(OWNER, { url: '/api/workspace/list' })],
      // Past the last page the total is counted apart, in the same statement.
      ['user list past its end', () => t.injectAs(OWNER, { url: '/api/user/list', query: { page: 397 } })],
      [
        'store list past its end',
        () => t.injectAs(OWNER, { url: '/api/workspace/list', query: { page: 397 } }),
      ],
      ['publish', () => k.publish(OWNER, draft)],
      // An API token's guard (the token with its maker's versions, the maker at its position) and count.
      [
        'store list with an API token',
        () => t.inject({ url: '/api/workspace/list', headers: { authorization: `Bearer ${apiToken}` } }),
      ],
    ];
    const fanOut: string[] = [];
    let explained = 0;
    for (const [name, request] of requests) {
      const [res, statements] = await statementsOf(request);
      expect(res.statusCode, `${name}: ${res.body.slice(0, 300)}`).toBe(200);
      for (const { text, values } of statements) {
        if (CONTROL.test(text)) continue;
        const shown = `${name}: ${text.replace(/\s+/g, ' ').slice(0, 240)}`;
        // Citus cannot EXPLAIN some statements with parameters (a data-modifying CTE): those are
        // explained with their values written in.
        const { rows } = await t.database
          .executeSql(`EXPLAIN (FORMAT JSON) ${text}`, values.length ? values : undefined)
          .catch(() => t.database.executeSql(`EXPLAIN (FORMAT JSON) ${inlined(text, values)}`))
          .catch((err: Error) => {
            throw new Error(`EXPLAIN failed (${err.message}) for ${shown}`);
          });
        const plan = rows[0]?.['QUERY PLAN'];
        const counts = taskCounts(typeof plan === 'string' ? JSON.parse(plan) : plan);
        if (counts.length > 0) explained++;
        if (counts.some((n) => n > 1)) fanOut.push(`${counts.join(',')} tasks: ${shown}`);
      }
    }
    expect(fanOut).toEqual([]);
    // The test saw distributed queries at all (the guard, verify, day, lists and publish make dozens).
    expect(explained).toBeGreaterThan(10);
  });
});
