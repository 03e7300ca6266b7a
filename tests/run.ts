/**
 * `npm test`: every suite — lint, typecheck, server (PGlite, then PostgreSQL when DATABASE_URL is
 * set, then Citus when CITUS_DATABASE_URL is set), web and e2e — and one closing line
 * `N passed, N failed, N skipped` summing them all.
 */
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
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

function check(name: string, command: string, args: string[]) {
  const started = Date.now();
  console.log(`\n▶ ${name}`);
  const ok = run(command, args) === 0;
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
 * A suite started now beside the ones that follow, its output kept in test-results/<name>.log and
 * printed when finish() is awaited (after the suites run in the foreground).
 */
function vitestBeside(name: string, project: string, env: NodeJS.ProcessEnv, extra: string[]) {
  const started = Date.now();
  console.log(`\n▶ ${name} (beside the next suites; its output follows them)`);
  const report = reportFile(name);
  const logFile = path.join(RESULTS, `${name.replace(/\W+/g, '-')}.log`);
  const log = openSync(logFile, 'w');
  const child = spawn(process.execPath, vitestArgs(project, report, extra), {
    stdio: ['ignore', log, log],
    env: { ...process.env, ...env },
  });
  const exited = new Promise<number>((resolve) => {
    child.once('exit', (code) => resolve(code ?? 1));
    child.once('error', () => resolve(1));
  });
  return {
    finish: async () => {
      const code = await exited;
      closeSync(log);
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
  (process.env.DATABASE_URL || process.env.CITUS_DATABASE_URL) &&
  !ensurePackage('PgBouncer', 'pgbouncer', PGBOUNCER)
)
  process.exit(1);

check('lint', process.execPath, ['node_modules/@biomejs/biome/bin/biome', 'check', '.']);
// No unused file, export or dependency (issue 24): what nothing uses is deleted, not kept "just in case".
check('unused code (knip)', process.execPath, ['node_modules/knip/bin/knip.js', '--no-progress']);
// The duplicates budget (issue 24, .jscpd.json): copied blocks may not grow past their share.
check('duplicates (jscpd)', process.execPath, ['node_modules/jscpd/bin/jscpd']);
check('typecheck', process.execPath, ['node_modules/typescript/bin/tsc', '--noEmit', '-p', 'tsconfig.json']);
// The web suite runs in one worker, as the PGlite server suite does (its database is in-process):
// beside each other they use both cores instead of one each in turn.
const web = vitestBeside('web', 'web', {}, []);
vitest('server (PGlite)', 'server');
if (process.env.DATABASE_URL) vitest('server (PostgreSQL)', 'server', { STORELINE_TEST_DB: 'postgres' });
else lines.push('server (PostgreSQL): not run — set DATABASE_URL to run the server suites on PostgreSQL too');
await web.finish();
// A third server run on a Citus cluster (issue 34): CITUS_DATABASE_URL names a coordinator database
// with the citus extension and its workers registered (../shared/citus/cluster.sh up prints one).
// It runs beside e2e, one test file at a time. It leaves out the files whose subject Citus does
// not change (input validation and fuzzing, in-process limits, files and images, scheduling,
// pure date arithmetic), which the PGlite and PostgreSQL runs cover: the whole suite on the
// cluster took 16 minutes and put CI at the edge of its 30. New test files run on Citus too.
const CITUS_LEAVES_OUT = [
  'fuzz',
  'signInAbuse',
  'badInput',
  'timeouts',
  'config',
  'moduleGraph',
  'statistics',
  'periodic',
  'jobs',
  'tasksJobs',
  'uploads',
  'thumbnails',
  'fileAnswers',
  'tasksFiles',
  'themeLogo',
  'themeSvg',
  'theme',
  'password',
  'session',
  'profile',
  'users-status',
  'tasksRecurrence',
  'tasksDay',
  'tasksSchedule',
  'tasksTypes',
  'tasksDemo',
  'storeZones',
  'imports-workspaces',
  'mytasks-communications',
];
const citus = process.env.CITUS_DATABASE_URL
  ? vitestBeside(
      'server (Citus)',
      'server',
      { STORELINE_TEST_DB: 'postgres', DATABASE_URL: process.env.CITUS_DATABASE_URL },
      [
        '--maxWorkers=1',
        ...CITUS_LEAVES_OUT.flatMap((name) => ['--exclude', `tests/server/${name}.test.ts`]),
      ],
    )
  : undefined;
vitest('e2e', 'e2e', { DATABASE_URL: '' });
if (citus) await citus.finish();
else
  lines.push(
    'server (Citus): not run — set CITUS_DATABASE_URL to run the server suite on a Citus cluster too',
  );

console.log(`\n${lines.join('\n')}`);
console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(total.failed > 0 ? 1 : 0);
