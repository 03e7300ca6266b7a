import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import type { Database } from '../../server/db/client';
import { onEachDatabase } from './benchSetup';
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

type App = Awaited<ReturnType<typeof buildApp>>;

/** Times one write on each app in turn, `ROUNDS` times, and reports the medians and the share. */
async function compare(
  kind: string,
  label: string,
  logging: App,
  bare: App,
  write: (app: App, n: number) => Promise<void>,
) {
  let n = 0;
  const timed = async (app: App) => {
    n += 1;
    const started = performance.now();
    await write(app, n);
    return performance.now() - started;
  };
  for (let i = 0; i < 20; i++) {
    await timed(logging);
    await timed(bare);
  }
  const withLog: number[] = [];
  const without: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    // Alternate which goes first, so neither always follows the other's commit.
    if (i % 2) {
      withLog.push(await timed(logging));
      without.push(await timed(bare));
    } else {
      without.push(await timed(bare));
      withLog.push(await timed(logging));
    }
  }
  const a = median(without);
  const b = median(withLog);
  console.log(`\n${kind}: ${label}, median of ${ROUNDS} each, taking turns`);
  report('without the log (activity: false)', ms(a));
  report('with the log (one entry per write)', ms(b));
  report('the log adds', `${ms(b - a)} = ${(((b - a) / a) * 100).toFixed(1)} % (goal ≤ 10 %)`);
}

async function measureOn(kind: string, database: Database) {
  const config = { ...loadConfig({}), webRoot: undefined, jobWorkers: false };
  const logging = await buildApp({ config, database, logger: false });
  const bare = await buildApp({ config, database, logger: false, activity: false });
  const { token } = await signIn(database, 'owner@acme.test');
  const headers = { authorization: `Bearer ${token}` };
  const ok = (res: Awaited<ReturnType<App['inject']>>) => {
    if (res.statusCode !== 200) throw new Error(`answered ${res.statusCode}: ${res.body}`);
  };
  const list = await logging.inject({ url: '/api/department/list', headers });
  const department = (list.json().data.data as { id: number; colour: string }[])[0]!;
  // The lightest write there is: one row, no lock but the log's.
  await compare(kind, 'PUT /api/department/update', logging, bare, async (app, n) =>
    ok(
      await app.inject({
        method: 'PUT',
        url: '/api/department/update',
        headers,
        payload: {
          id: department.id,
          name: `Bakery ${n}`,
          colour: department.colour,
          description: `Round ${n}`,
        },
      }),
    ),
  );
  // A typical administrative write: a person's name, with the checks of their place in the tree.
  const { user } = await signIn(database, 'staff@acme.test');
  await compare(kind, 'PUT /api/user/update (a name)', logging, bare, async (app, n) =>
    ok(
      await app.inject({
        method: 'PUT',
        url: '/api/user/update',
        headers,
        payload: { id: user.id, firstname: `Sam ${n}`, lastname: user.lastname },
      }),
    ),
  );
  await logging.close();
  await bare.close();
}

export async function activityBench() {
  await onEachDatabase(runOn);
}
