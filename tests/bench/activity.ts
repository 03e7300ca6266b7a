import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import type { Database } from '../../server/db/client';
import { ms, report } from './measure';
import { demoDatabase, signIn } from './throughput';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 300);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * What the administration log adds to a write (issue 32, goal ≤ 10 %): the same write — the owner
 * renaming a department, PUT /api/department/update through the whole app (guard, service, its
 * transaction) — on two apps over one database, one logging (as the product always does) and
 * one built with `activity: false`, taking turns write by write so both see the same load.
 */
async function runOn(kind: 'pglite' | 'postgres') {
  const { database, drop } = await demoDatabase(kind);
  try {
    await measureOn(kind, database);
  } finally {
    await drop();
  }
}

async function measureOn(kind: string, database: Database) {
  const config = { ...loadConfig({}), webRoot: undefined, jobWorkers: false };
  const logging = await buildApp({ config, database, logger: false });
  const bare = await buildApp({ config, database, logger: false, activity: false });
  const { token } = await signIn(database, 'owner@acme.test');
  const headers = { authorization: `Bearer ${token}` };
  const list = await logging.inject({ url: '/api/department/list', headers });
  const department = (list.json().data.data as { id: number; colour: string }[])[0]!;
  let n = 0;
  const write = async (app: typeof logging) => {
    n += 1;
    const started = performance.now();
    const res = await app.inject({
      method: 'PUT',
      url: '/api/department/update',
      headers,
      payload: {
        id: department.id,
        name: `Bakery ${n}`,
        colour: department.colour,
        description: `Round ${n}`,
      },
    });
    if (res.statusCode !== 200) throw new Error(`department/update answered ${res.statusCode}: ${res.body}`);
    return performance.now() - started;
  };
  for (let i = 0; i < 20; i++) {
    await write(logging);
    await write(bare);
  }
  const withLog: number[] = [];
  const without: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    // Alternate which goes first, so neither always follows the other's commit.
    if (i % 2) {
      withLog.push(await write(logging));
      without.push(await write(bare));
    } else {
      without.push(await write(bare));
      withLog.push(await write(logging));
    }
  }
  const a = median(without);
  const b = median(withLog);
  console.log(`\n${kind}: PUT /api/department/update, median of ${ROUNDS} each, taking turns`);
  report('without the log (activity: false)', ms(a));
  report('with the log (one entry per write)', ms(b));
  report('the log adds', `${ms(b - a)} = ${(((b - a) / a) * 100).toFixed(1)} % (goal ≤ 10 %)`);
  await logging.close();
  await bare.close();
}

export async function activityBench() {
  await runOn('pglite');
  if (process.env.DATABASE_URL) await runOn('postgres');
  else console.log('  (set DATABASE_URL to measure on PostgreSQL too)');
}
