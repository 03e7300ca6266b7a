/**
 * `npm test`: every suite — lint, typecheck, server (PGlite, then PostgreSQL when DATABASE_URL is
 * set, then Citus when CITUS_DATABASE_URL is set), web and e2e — and one closing line
 * `N passed, N failed, N skipped` summing them all.
 */
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { buildWebIfNeeded } from '../server/cli/webBuild';
import { CHROMIUM } from './e2e/chromium';
import { PGBOUNCER } from './support/pgbouncer';

interface Tally {
  passed: number;
  failed: number;
  skipped: number;
}
const total: Tally = { passed: 0, failed: 0, skipped: 0 };
const lines: string[] = [];
const RESULTS = path.resolve('test-results');
mkdirSync(RESULTS, { recursive: true });

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): number {
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

function check(name: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  const started = Date.now();
  console.log(`\n▶ ${name}`);
  const ok = run(command, args, env) === 0;
  if (ok) total.passed++;
  else total.failed++;
  lines.push(`${name}: ${ok ? 'passed' : 'FAILED'} (${((Date.now() - started) / 1000).toFixed(1)}s)`);
}

function vitestArgs(project: string, report: string, extra: string[] = []): string[] {
  return [
    'node_modules/vitest/vitest.mjs',
    'run',
    '--project',
    project,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    ...extra,
  ];
}

function reportFile(name: string): string {
  const report = path.join(RESULTS, `${name.replace(/\W+/g, '-')}.json`);
  rmSync(report, { force: true });
  return report;
}

/** Adds a suite's counts (from vitest's JSON report) to the total and its line to the summary. */
function tallySuite(name: string, report: string, code: number, started: number) {
  const tally: Tally = { passed: 0, failed: 0, skipped: 0 };
  if (existsSync(report)) {
    const json = JSON.parse(readFileSync(report, 'utf8')) as {
      numPassedTests: number;
      numFailedTests: number;
      numPendingTests: number;
      numTodoTests: number;
      numFailedTestSuites: number;
    };
    tally.passed = json.numPassedTests;
    tally.failed =
      json.numFailedTests +
      (json.numFailedTests === 0 && code !== 0 ? Math.max(1, json.numFailedTestSuites) : 0);
    tally.skipped = json.numPendingTests + json.numTodoTests;
  } else {
    tally.failed = 1; // the runner itself crashed before reporting
  }
  total.passed += tally.passed;
  total.failed += tally.failed;
  total.skipped += tally.skipped;
  lines.push(
    `${name}: ${tally.passed} passed, ${tally.failed} failed, ${tally.skipped} skipped (${((Date.now() - started) / 1000).toFixed(1)}s)`,
  );
}

function vitest(name: string, project: string, env: NodeJS.ProcessEnv = {}) {
  const started = Date.now();
  console.log(`\n▶ ${name}`);
  const report = reportFile(name);
  tallySuite(name, report, run(process.execPath, vitestArgs(project, report), env), started);
}

/**
 * A suite started beside the ones that follow (now, or when `after` has exited: suites in one
 * background lane take turns), its output kept in test-results/<name>.log and printed when
 * finish() is awaited (after the suites run in the foreground). `env` may be worked out when the
 * suite's turn comes; a string instead says why it does not run.
 */
function vitestBeside(
  name: string,
  project: string,
  env: NodeJS.ProcessEnv | (() => Promise<NodeJS.ProcessEnv | string>),
  extra: string[],
  after?: { exited: Promise<number> },
) {
  let started = Date.now();
  let skipped: string | undefined;
  console.log(`\n▶ ${name} (beside the next suites; its output follows them)`);
  const report = reportFile(name);
  const logFile = path.join(RESULTS, `${name.replace(/\W+/g, '-')}.log`);
  const log = openSync(logFile, 'w');
  const exited = (async () => {
    if (after) await after.exited;
    const ready = typeof env === 'function' ? await env() : env;
    if (typeof ready === 'string') {
      skipped = ready;
      return 0;
    }
    started = Date.now();
    const child = spawn(process.execPath, vitestArgs(project, report, extra), {
      stdio: ['ignore', log, log],
      env: { ...process.env, ...ready },
    });
    return new Promise<number>((resolve) => {
      child.once('exit', (code) => resolve(code ?? 1));
      child.once('error', () => resolve(1));
    });
  })();
  return {
    exited,
    finish: async () => {
      const code = await exited;
      closeSync(log);
      if (skipped !== undefined) {
        lines.push(`${name}: not run — ${skipped}`);
        return;
      }
      console.log(`\n▶ ${name} (ran beside the suites above)`);
      process.stdout.write(readFileSync(logFile, 'utf8'));
      tallySuite(name, report, code, started);
    },
  };
}

/** A Debian package the tests need at `file`: installed when we can, else say exactly how. */
function ensurePackage(what: string, pkg: string, file: string): boolean {
  if (existsSync(file)) return true;
  const isRoot = process.getuid?.() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log(`${what} is missing: installing Debian’s ${pkg} package…`);
    const env = { DEBIAN_FRONTEND: 'noninteractive' };
    if (
      run('apt-get', ['update', '-qq'], env) === 0 &&
      run('apt-get', ['install', '-y', '-qq', pkg], env) === 0
    ) {
      return existsSync(file);
    }
  }
  console.error(
    `${what} is missing at ${file}. Install it, then run npm test again:\n  sudo apt-get install -y ${pkg}`,
  );
  return false;
}

// The browser tests need Debian's Chromium; the PostgreSQL server suites send the app's
// connections through PgBouncer in transaction mode, as production does.
if (!ensurePackage('Chromium', 'chromium', CHROMIUM)) process.exit(1);
if (
  (process.env.DATABASE_URL || process.env.CITUS_DATABASE_URL || process.env.CITUS_DATABASE_URL_FILE) &&
  !ensurePackage('PgBouncer', 'pgbouncer', PGBOUNCER)
)
  process.exit(1);

// The web suite starts first: it is the longest lane before the PostgreSQL and Citus runs (which
// start when it ends), and the checks below would keep it waiting a minute while they use one core.
// It runs in one worker, as the PGlite server suite does (its database is in-process): beside each
// other they use both cores instead of one each in turn.
const web = vitestBeside('web', 'web', {}, []);
check('lint', process.execPath, ['node_modules/@biomejs/biome/bin/biome', 'check', '.']);
// No unused file, export or dependency (issue 24): what nothing uses is deleted, not kept "just in case".
check('unused code (knip)', process.execPath, ['node_modules/knip/bin/knip.js', '--no-progress']);
// The duplicates budget (issue 24, .jscpd.json): copied blocks may not grow past their share.
check('duplicates (jscpd)', process.execPath, ['node_modules/jscpd/bin/jscpd']);
// Two type checkers, one a core: TypeScript 7's default of four took 25 s here against 16 s.
check('typecheck', process.execPath, [
  'node_modules/typescript/bin/tsc',
  '--noEmit',
  '-p',
  'tsconfig.json',
  '--checkers',
  '2',
]);
// The OpenAPI document for programs (issue 46): the one the app builds, written to a file and
// linted with Redocly's recommended rules and redocly.yaml; it must have no error. Offline: the
// lint sends nothing anywhere (telemetry off) and does not ask the registry for a newer version.
const OPENAPI = path.join(RESULTS, 'openapi.json');
rmSync(OPENAPI, { force: true });
check('OpenAPI document', process.execPath, ['--import', 'tsx', 'server/cli/openapi.ts', OPENAPI]);
check(
  'OpenAPI lint (Redocly)',
  process.execPath,
  ['node_modules/@redocly/cli/bin/cli.js', 'lint', '--config', 'redocly.yaml', OPENAPI],
  { REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
);
vitest('server (PGlite)', 'server');
// The journeys in two halves, each with its own server and database (globalSetup), side by side:
// a journey mostly waits on a browser, so two halves take about half the time. The first half is
// the two sweeps of every screen and a few journeys, the second every other file (a new file lands
// there). They start as soon as the PGlite run ends, while the web suite may still be running, so
// that no core waits for the slower of the two. The web app and the server bundle are built once
// first, so the two globalSetups do not build them into one folder at once. Spawned rather than run
// in the foreground: the lanes below start their runs from this process's event loop.
await buildWebIfNeeded(path.resolve(process.env.WEB_ROOT || 'dist'));
run(process.execPath, ['server/cli/launch.mjs'], { STORELINE_COMPILE_ONLY: '1' });
const E2E_FIRST = ['accessibility', 'consoleSweep', 'languages', 'audit', 'reports'].map(
  (name) => `tests/e2e/${name}.test.ts`,
);
const E2E_SECOND = readdirSync('tests/e2e')
  .filter((file) => file.endsWith('.test.ts'))
  .map((file) => `tests/e2e/${file}`)
  .filter((file) => !E2E_FIRST.includes(file));
// The first half's server runs on the embedded database (what `npm start` gives a new user), the
// second's on PostgreSQL through PgBouncer when DATABASE_URL names a server (what a chain deploys):
// the journeys prove both, and a native server spends less of the machine than the embedded one.
const e2e = [E2E_FIRST, E2E_SECOND].map((files, i) =>
  vitestBeside(
    `e2e (${i + 1}/2${i === 1 && process.env.DATABASE_URL ? ', PostgreSQL' : ''})`,
    'e2e',
    { DATABASE_URL: '', E2E_DATABASE_URL: i === 1 ? (process.env.DATABASE_URL ?? '') : '' },
    files,
  ),
);
await web.finish();
// A third server run on a Citus cluster (issue 34): CITUS_DATABASE_URL names a coordinator database
// with the citus extension and its workers registered (../shared/citus/cluster.sh up prints one).
// It runs beside e2e, one test file at a time, over the files whose subject is what Citus changes:
// SQL that must distribute (every tenant table distributed, router plans, the INSERT … SELECTs of
// publishing, notifications, the roll-up and the log), check-then-act under parallel requests,
// two processes on one database, and work across tenants. On the cluster each file costs up to
// half a minute of cloning a database on three nodes before its first test, so the whole suite
// (16 minutes alone) does not fit beside e2e in CI's 30; `CITUS_ALL=1 npm test` runs all of it.
// These 15 took 6.6 minutes on a machine loaded four times over, with 56 s of the runner's CPU.
// A new file whose SQL is new to the product belongs in this list.
const CITUS_RUNS = [
  'citus',
  'apiTokens',
  'concurrency',
  'uniqueRaces',
  'twoProcesses',
  'tasksPublish',
  'mytasks-complete',
  'mytasks-idempotency',
  'notifications',
  'notificationsScheduled',
  'notificationsPush',
  'activity',
  'reportsRollup',
  'platform',
  'hierarchy',
  'users',
  // The emit's INSERT … SELECT into every subscription of a tenant, and the delivery lease.
  'webhooks',
  // SCIM's filters become SQL of their own (issue 47), and a group's members take positions.
  'scimUsers',
  'scimGroups',
  // Inspections (issue 48): answers saved under a row lock, the scores' JSON aggregates, and a
  // task's form opened at once by two people (INSERT … ON CONFLICT on a partial unique index).
  'inspections',
  'taskFormInspection',
  // Servers started together on a new database: the start-up lock is taken on the coordinator
  // while migrateOnCitus distributes the tables (about 80 s on a loaded machine's cluster).
  'firstStart',
];
/**
 * The Citus cluster to run on: CITUS_DATABASE_URL, or the file CITUS_DATABASE_URL_FILE where
 * .ci/run's background job writes the cluster's URL once Citus is built and started (or why it
 * did not start), so the build overlaps the suites before this one instead of holding up the run.
 * `wait: false` answers undefined while the job is still at work.
 */
async function citusEnv(wait = true): Promise<NodeJS.ProcessEnv | string | undefined> {
  let url = process.env.CITUS_DATABASE_URL;
  const file = process.env.CITUS_DATABASE_URL_FILE;
  const deadline = Date.now() + 20 * 60_000;
  while (!url && file && Date.now() < deadline) {
    const text = existsSync(file) ? readFileSync(file, 'utf8').trim() : '';
    if (text.startsWith('postgres')) url = text;
    else if (text) return `the Citus cluster did not start (${text})`;
    else if (!wait) return undefined;
    else await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
  if (!url) return 'set CITUS_DATABASE_URL to run the server suite on a Citus cluster too';
  return { STORELINE_TEST_DB: 'postgres', DATABASE_URL: url };
}
const citusWanted = Boolean(process.env.CITUS_DATABASE_URL || process.env.CITUS_DATABASE_URL_FILE);
const citusFiles = CITUS_RUNS.map((name) => `tests/server/${name}.test.ts`);
// The PostgreSQL run and the Citus run go beside e2e and beside each other (one test file at a
// time each, on servers of their own). When the cluster is up by then, the files the Citus run
// takes run on it instead of on plain PostgreSQL too (a Citus coordinator is a PostgreSQL 15
// server: every file below but the embedded-only ones still runs on a real PostgreSQL server,
// through PgBouncer); both in full would put CI past its 30 minutes. Without a cluster, the
// PostgreSQL run takes all of those files.
const citusAtStart = citusWanted ? await citusEnv(false) : undefined;
const splitWithCitus = typeof citusAtStart === 'object' && process.env.CITUS_ALL !== '1';
// Files whose subject a database server does not change run on the embedded database only: input
// validation and fuzzing, in-process limits and timeouts, configuration and the module graph,
// files and images on disk, date arithmetic, the wording of messages, the OpenAPI client and the
// reading of a browser's User-Agent.
// PGlite is PostgreSQL's own engine, so what they check holds on a server alike; the server runs
// are for what a server does differently (several connections, the pooler, concurrency, a second
// process). They took about 330 s of the PostgreSQL run, the longest lane of CI's second phase.
const EMBEDDED_ONLY = [
  'fuzz',
  'badInput',
  'signInAbuse',
  'timeouts',
  'config',
  'moduleGraph',
  'uploads',
  'thumbnails',
  'themeLogo',
  'themeSvg',
  'fileAnswers',
  'tasksRecurrence',
  'serverLanguages',
  'errorLanguages',
  'openapiClient',
  'sessionDevice',
].map((name) => `tests/server/${name}.test.ts`);
const postgresFiles = readdirSync('tests/server')
  .filter((file) => file.endsWith('.test.ts'))
  .map((file) => `tests/server/${file}`)
  .filter((file) => !EMBEDDED_ONLY.includes(file))
  .filter((file) => !(splitWithCitus && citusFiles.includes(file)));
const postgres = process.env.DATABASE_URL
  ? vitestBeside('server (PostgreSQL)', 'server', { STORELINE_TEST_DB: 'postgres' }, [
      '--maxWorkers=1',
      ...postgresFiles,
    ])
  : undefined;
const citus = citusWanted
  ? vitestBeside(
      'server (Citus)',
      'server',
      async () => (await citusEnv()) ?? 'the Citus cluster did not answer',
      // A test's four sweeps over every tenant took 30 s on the three-node cluster while the
      // machine ran the journeys and the PostgreSQL run too: a distributed query plans and
      // travels further, so a test gets three times the time there.
      ['--maxWorkers=1', '--testTimeout=90000', ...(process.env.CITUS_ALL === '1' ? [] : citusFiles)],
      // Both in full (CITUS_ALL=1): one after the other, as the machine has two cores.
      process.env.CITUS_ALL === '1' ? postgres : undefined,
    )
  : undefined;
for (const shard of e2e) await shard.finish();
if (postgres) await postgres.finish();
else lines.push('server (PostgreSQL): not run — set DATABASE_URL to run the server suites on PostgreSQL too');
if (citus) await citus.finish();
else
  lines.push(
    'server (Citus): not run — set CITUS_DATABASE_URL to run the server suite on a Citus cluster too',
  );

console.log(`\n${lines.join('\n')}`);
console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(total.failed > 0 ? 1 : 0);
