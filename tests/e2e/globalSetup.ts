import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { buildWebIfNeeded } from '../../server/cli/webBuild';
import { startPgBouncer } from '../support/pgbouncer';
import { CHROMIUM } from './chromium';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    serverLog: string;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function waitForHealth(url: string, server: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null)
      throw new Error(`the server exited with code ${server.exitCode} before it was ready`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the server did not answer ${url}/api/health within ${timeoutMs / 1000}s`);
}

/**
 * A fresh database on the PostgreSQL server at E2E_DATABASE_URL, reached through PgBouncer in
 * transaction mode as production reaches it; gone again after the run.
 */
async function freshPostgres(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `storeline_e2e_${randomBytes(4).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const pgbouncer = await startPgBouncer(serverUrl);
  return {
    url: pgbouncer.url(name),
    drop: async () => {
      await pgbouncer.stop();
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/**
 * Starts the built product the way a user does (npm start's entry point) on a fresh database —
 * embedded in a temporary data directory, or with E2E_DATABASE_URL a new database on that
 * PostgreSQL server — so journeys run against the real server and demo data.
 */
export default async function setup(project: TestProject) {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Chromium is missing at ${CHROMIUM}. Install it with: apt-get install -y chromium`);
  }
  // WEB_ROOT lets two e2e runs on one checkout keep separate builds.
  const webRoot = path.resolve(process.env.WEB_ROOT || 'dist');
  await buildWebIfNeeded(webRoot);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'storeline-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const postgres = process.env.E2E_DATABASE_URL
    ? await freshPostgres(process.env.E2E_DATABASE_URL)
    : undefined;
  const logFile = path.join(dataDir, 'server.log');
  const log = createWriteStream(logFile);
  const server = spawn(process.execPath, ['--enable-source-maps', 'server/cli/launch.mjs'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: baseUrl,
      SKIP_WEB_BUILD: '1',
      WEB_ROOT: webRoot,
      LOG_LEVEL: 'info',
      DATABASE_URL: postgres?.url ?? '',
      DEMO: 'true',
      // Journeys create the tasks they rely on; a demo urgent task would open its modal on every page.
      DEMO_TASKS: 'false',
      // Every journey signs in from 127.0.0.1; the per-address limit is for the open internet.
      LOGIN_LIMIT_PER_IP: '10000',
      LOGIN_LIMIT_PER_USERNAME: '1000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.pipe(log);
  server.stderr?.pipe(log);
  // Three minutes: a first start migrates and seeds, which took 108 s on a machine loaded ten
  // times over. A server that never became ready is stopped, not left running beside the next run.
  try {
    await waitForHealth(baseUrl, server, 180_000);
  } catch (error) {
    server.kill('SIGKILL');
    await postgres?.drop();
    throw error;
  }
  project.provide('baseUrl', baseUrl);
  project.provide('serverLog', logFile);
  return async () => {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    log.end();
    await postgres?.drop();
    if (!process.env.KEEP_E2E_DATA) rmSync(dataDir, { recursive: true, force: true });
  };
}
