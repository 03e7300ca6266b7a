import type autocannon from 'autocannon';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { type Database, openDatabase } from '../../server/db/client';
import { DEMO_USERS } from '../../server/seed';
import { startPgBouncer } from '../support/pgbouncer';
import { report } from './measure';
import { type DemoDatabase, demoDatabase, type Figures, load, signIn, startBare } from './throughput';

/**
 * Store people reading their day, verify and urgent list while an administrator writes (the
 * issue's acceptance figures): each reads/s figure is a share of the bare one-lookup endpoint
 * (throughput.ts) measured just before it in the same run at the same number of connections. On
 * PostgreSQL one process at 0, 2 and 10 writes/s, then two app instances (in this process, each
 * with its own pool) through one PgBouncer in transaction mode at 10 writes/s against bare through
 * the same PgBouncer and bare direct, then embedded PGlite at 0 and 10 writes/s.
 *
 * Load: BENCH_READERS (default 40) keep-alive connections, each signed in as a different Acme
 * team member and cycling day → urgent → verify; writes come from a timer firing PUT
 * /api/user/update (a first name of someone who is not reading) and POST /api/user/task/complete
 * (cannot-do on an open assignment at a readers' store) in turn, as the owner, without waiting
 * for earlier ones (BENCH_WRITES=rename or complete: one kind only). BENCH_SECONDS (default 5) per
 * phase; KEEP_ANSWERS=off compares with nothing kept.
 */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const READERS = Number(process.env.BENCH_READERS ?? 40);
const WARM_UP_SECONDS = 3;
/** BENCH_WRITES=rename or complete: only that kind of write (by default the two in turn). */
const WRITES = process.env.BENCH_WRITES ?? 'both';

const GOALS = { share: 0.5, p99: 2, writeP50: 20, pooledShare: 0.5, pgliteShare: 1 / 3 };

const zone = encodeURIComponent('Australia/Sydney');

interface Reader {
  token: string;
  username: string;
}

/** The people and sessions of one bench database. */
interface World {
  ownerToken: string;
  owner: { tenantId: number; id: number };
  readers: Reader[];
  /** People nobody reads as, whose first name the administrator changes. */
  renamed: { id: number; firstname: string; lastname: string }[];
  /** Open assignments at the readers' stores that can still be completed, spread over the stores. */
  completable: number[];
}

async function world(database: Database): Promise<World> {
  const { user: owner, token: ownerToken } = await signIn(database, DEMO_USERS.owner);
  const { rows } = await database.executeSql(
    `SELECT u.id, u.username, u.firstname, u.lastname, r.name AS role, p.node_id
       FROM users u
       JOIN positions p ON p.tenant_id = u.tenant_id AND p.user_id = u.id
       JOIN roles r ON r.tenant_id = p.tenant_id AND r.id = p.role_id
      WHERE u.tenant_id = $1 ORDER BY u.id`,
    [owner.tenantId],
  );
  const people = rows as {
    id: number;
    username: string;
    firstname: string;
    lastname: string;
    role: string;
    node_id: number;
  }[];
  const demo = new Set<string>(Object.values(DEMO_USERS));
  // The 40 made-up team members of the demo, spread over Acme's 12 stores.
  const team = people.filter((p) => p.role === 'Team Member' && !demo.has(p.username));
  if (team.length === 0) throw new Error('the demo data has no team members to read as');
  const readers: Reader[] = [];
  for (let i = 0; i < READERS; i++) {
    // More readers than people: a person signed in on a second device.
    const person = team[i % team.length]!;
    readers.push({ username: person.username, token: (await signIn(database, person.username)).token });
  }
  const reading = new Set(readers.map((r) => r.username));
  const renamed = people
    .filter((p) => !reading.has(p.username) && p.username !== DEMO_USERS.owner)
    .map(({ id, firstname, lastname }) => ({ id, firstname, lastname }));
  if (renamed.length === 0) throw new Error('everyone is reading: nobody is left to rename');

  const stores = new Set(team.filter((p) => reading.has(p.username)).map((p) => p.node_id));
  const { rows: open } = await database.executeSql(
    `SELECT a.id, a.workspace_node_id AS node
       FROM task_assignments a
       JOIN tasks t ON t.tenant_id = a.tenant_id AND t.id = a.task_id
       JOIN task_types k ON k.tenant_id = t.tenant_id AND k.id = t.type_id
      WHERE a.tenant_id = $1 AND a.status = 'open' AND k.kind <> 'communication'
        AND (a.expires_at IS NULL OR a.expires_at > now() + interval '10 minutes')
      ORDER BY a.start_at > now(), a.start_at, a.id`,
    [owner.tenantId],
  );
  // Round robin over the stores, so consecutive completions change different stores' days; work
  // that has started first, then later days' (the store's version moves all the same).
  const byStore = new Map<number, number[]>();
  for (const row of open) {
    // Ids may come back as strings (bigint) from node-postgres.
    const [id, node] = [Number(row.id), Number(row.node)];
    if (!stores.has(node)) continue;
    byStore.set(node, [...(byStore.get(node) ?? []), id]);
  }
  const completable: number[] = [];
  for (let round = 0; completable.length < open.length; round++) {
    const before = completable.length;
    for (const ids of byStore.values()) if (ids[round] !== undefined) completable.push(ids[round]!);
    if (completable.length === before) break;
  }
  return { ownerToken, owner, readers, renamed, completable };
}

const failures: string[] = [];
/** Keeps the first few failed answers' text for the report (a server bug is reported, not hidden). */
function noteFailure(what: string, status: number, body: string) {
  if (failures.length < 5) failures.push(`${what} → ${status} ${body.slice(0, 300)}`);
}

/** One connection's requests: a store person's day, urgent list and verify, in turn, with their token. */
function mixOf(reader: Reader): autocannon.Request[] {
  const now = Math.floor(Date.now() / 1000);
  const headers = { authorization: `Bearer ${reader.token}`, 'accept-encoding': 'gzip, br' };
  const onResponse = (path: string) => (status: number, body: string) => {
    if (status >= 300) noteFailure(`GET ${path} as ${reader.username}`, status, String(body));
  };
  return [
    `/api/user/task/date?datetime=${now}&timezone=${zone}`,
    `/api/user/task/urgent?datetime=${now}&timezone=${zone}`,
    '/api/user/verify',
  ].map((path) => ({ method: 'GET', path, headers, onResponse: onResponse(path.split('?')[0]!) }));
}

/** The read mix on `urls` (connections alternate between them), one reader per connection. */
function readMix(urls: string[], readers: Reader[], seconds = SECONDS): Promise<Figures> {
  let next = 0;
  return load(
    urls[0]!,
    {},
    {
      // Autocannon takes several targets and hands the connections out in turn (its types say one).
      url: (urls.length === 1 ? urls[0]! : urls) as string,
      connections: readers.length,
      duration: seconds,
      setupClient: (client) => client.setRequests(mixOf(readers[next++ % readers.length]!)),
    },
  );
}

interface Writes {
  latencies: number[];
  renames: number;
  completions: number;
  errors: number;
}

/**
 * Fires writes at `rate` per second for `seconds` from a steady timer, each without waiting for
 * the ones before (a slow write does not slow the rate down), and records each one's latency.
 */
async function writeLoad(appUrl: string, world: World, rate: number, seconds = SECONDS): Promise<Writes> {
  const writes: Writes = { latencies: [], renames: 0, completions: 0, errors: 0 };
  if (rate === 0) {
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    return writes;
  }
  const headers = { authorization: `Bearer ${world.ownerToken}`, 'content-type': 'application/json' };
  const pending: Promise<void>[] = [];
  const fire = (n: number) => {
    // Every other write completes an assignment while any are left; the rest rename someone.
    const completing = WRITES === 'complete' || (WRITES === 'both' && n % 2 === 1);
    const assignment = completing ? world.completable.shift() : undefined;
    const person = world.renamed[n % world.renamed.length]!;
    const [method, path, body] =
      assignment === undefined
        ? [
            'PUT',
            '/api/user/update',
            { id: person.id, firstname: `${person.firstname}${n}`, lastname: person.lastname },
          ]
        : [
            'POST',
            '/api/user/task/complete',
            { assignment_id: assignment, outcome: 'cannot_do', reason: 'Bench: out of stock' },
          ];
    if (assignment === undefined) writes.renames++;
    else writes.completions++;
    const started = performance.now();
    pending.push(
      fetch(`${appUrl}${path}`, { method, headers, body: JSON.stringify(body) }).then(
        async (response) => {
          const text = await response.text();
          writes.latencies.push(performance.now() - started);
          if (!response.ok) {
            writes.errors++;
            noteFailure(`${method} ${path}`, response.status, text);
          }
        },
        (err: Error) => {
          writes.errors++;
          noteFailure(`${method} ${path}`, 0, err.message);
        },
      ),
    );
  };
  const interval = 1000 / rate;
  const count = Math.round(rate * seconds);
  const start = performance.now();
  for (let n = 0; n < count; n++) {
    // Against the start, not the previous tick: timers drift under load.
    const wait = start + n * interval - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    fire(n);
  }
  const rest = start + seconds * 1000 - performance.now();
  if (rest > 0) await new Promise((resolve) => setTimeout(resolve, rest));
  await Promise.all(pending);
  return writes;
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const mark = (ok: boolean) => (ok ? '✓' : '✗');

/**
 * One line: the reads' rate as a share of `bare`'s (measured just before, at as many connections),
 * their p99 as a multiple of bare's, the writes' p50 and p99, and every failed answer.
 */
function reportPhase(
  label: string,
  reads: Figures,
  writes: Writes,
  bare: Figures,
  goal: { share: number; p99?: number },
) {
  const share = reads.requests / bare.requests;
  const times = reads.p99 / Math.max(1, bare.p99);
  const p50 = percentile(writes.latencies, 50);
  const writing = writes.latencies.length
    ? `writes p50 ${p50.toFixed(0)} ${mark(p50 <= GOALS.writeP50)} p99 ${percentile(writes.latencies, 99).toFixed(0)} ms (${writes.renames}+${writes.completions})`
    : 'writes —';
  report(
    label,
    [
      `${reads.requests.toFixed(0)}/s of bare ${bare.requests.toFixed(0)}/s = ${share.toFixed(2)} ${mark(share >= goal.share)}`,
      `p99 ${reads.p99}/${bare.p99} ms ×${times.toFixed(1)}${goal.p99 === undefined ? '' : ` ${mark(times <= goal.p99)}`}`,
      writing,
      `errors ${reads.errors + bare.errors + writes.errors}`,
    ].join('  '),
  );
}

/** Bare alone (`bares`, each just before), then the read mix on `readUrls` with writes to `writeUrl`. */
async function phase(
  label: string,
  bares: { label: string; url: string }[],
  readUrls: string[],
  writeUrl: string,
  w: World,
  rate: number,
  goal: { share: number; p99?: number },
) {
  // The machine may be shared: each share is against a floor measured right next to it.
  const floors: Figures[] = [];
  for (const bare of bares) floors.push(await load(bare.url, {}, { connections: READERS }));
  const [reads, writes] = await Promise.all([readMix(readUrls, w.readers), writeLoad(writeUrl, w, rate)]);
  bares.forEach((bare, i) => {
    reportPhase(i === 0 ? label : `  ${bare.label}`, reads, writes, floors[i]!, goal);
  });
}

async function warmUp(bareUrl: string, readUrls: string[], w: World) {
  await load(bareUrl, {}, { connections: READERS, duration: WARM_UP_SECONDS });
  await readMix(readUrls, w.readers, WARM_UP_SECONDS);
}

const appConfig = () => ({
  ...loadConfig(process.env.KEEP_ANSWERS ? { KEEP_ANSWERS: process.env.KEEP_ANSWERS } : {}),
  webRoot: undefined,
});

async function listening(database: Database) {
  const app = await buildApp({ config: appConfig(), database, logger: false });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url };
}

async function cleanUp(closing: (() => Promise<void>)[]) {
  for (const close of closing.reverse()) {
    await close().catch((err: Error) => console.warn(`  cleanup: ${err.message}`));
  }
}

async function onPostgres() {
  console.log(
    `\nReads under writes on PostgreSQL — ${READERS} store people (day, urgent, verify in turn), ${SECONDS} s per phase`,
  );
  const demo: DemoDatabase = await demoDatabase('postgres');
  const closing: (() => Promise<void>)[] = [];
  try {
    const w = await world(demo.database);
    const completable = w.completable.length;
    const bare = await startBare(demo.database, w.owner);
    closing.push(() => bare.close());
    const { app, url } = await listening(demo.database);
    closing.push(() => app.close());

    await warmUp(bare.url, [url], w);
    for (const rate of [0, 2, 10]) {
      await phase(
        `one process, ${rate} writes/s`,
        [{ label: 'direct', url: bare.url }],
        [url],
        url,
        w,
        rate,
        {
          share: GOALS.share,
          p99: GOALS.p99,
        },
      );
    }

    // Two app instances, each with its own pool through one PgBouncer in transaction mode.
    const bouncer = await startPgBouncer(demo.url!);
    closing.push(() => bouncer.stop());
    const pooled = async () => {
      const database = await openDatabase({ kind: 'postgres', url: bouncer.url(demo.name!) });
      closing.push(() => database.close());
      return database;
    };
    const pooledBare = await startBare(await pooled(), w.owner);
    closing.push(() => pooledBare.close());
    const first = await listening(await pooled());
    closing.push(() => first.app.close());
    const second = await listening(await pooled());
    closing.push(() => second.app.close());

    await warmUp(pooledBare.url, [first.url, second.url], w);
    await phase(
      'two via PgBouncer, 10 w/s, vs bare via PgBouncer',
      [
        { label: 'pooled', url: pooledBare.url },
        { label: 'the same vs bare direct', url: bare.url },
      ],
      [first.url, second.url],
      first.url,
      w,
      10,
      { share: GOALS.pooledShare },
    );
    report('assignments completed by the writer', `${completable - w.completable.length} of ${completable}`);
  } finally {
    await cleanUp(closing);
    await demo.drop();
  }
}

async function onPglite() {
  console.log(`\nReads under writes on embedded PGlite — ${READERS} store people, ${SECONDS} s per phase`);
  const demo = await demoDatabase('pglite');
  const closing: (() => Promise<void>)[] = [];
  try {
    const w = await world(demo.database);
    const bare = await startBare(demo.database, w.owner);
    closing.push(() => bare.close());
    const { app, url } = await listening(demo.database);
    closing.push(() => app.close());
    await warmUp(bare.url, [url], w);
    for (const rate of [0, 10]) {
      await phase(
        `one process, ${rate} writes/s`,
        [{ label: 'same PGlite', url: bare.url }],
        [url],
        url,
        w,
        rate,
        {
          share: GOALS.pgliteShare,
        },
      );
    }
  } finally {
    await cleanUp(closing);
    await demo.drop();
  }
}

export async function readsUnderWritesBench() {
  console.log(
    `  goals: reads ≥ ${GOALS.share} of bare with p99 ≤ ${GOALS.p99}× bare's at every write rate on PostgreSQL; writes p50 ≤ ${GOALS.writeP50} ms; two processes via PgBouncer ≥ ${GOALS.pooledShare}; PGlite ≥ 1/3.  KEEP_ANSWERS=${process.env.KEEP_ANSWERS ?? 'on'}  BENCH_WRITES=${WRITES}`,
  );
  if (process.env.DATABASE_URL) await onPostgres();
  else console.log('  (set DATABASE_URL to measure on PostgreSQL)');
  await onPglite();
  if (failures.length)
    console.log(`\n  failed answers (first ${failures.length}):\n    ${failures.join('\n    ')}`);
}
