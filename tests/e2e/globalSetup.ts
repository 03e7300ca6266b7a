import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildWebIfNeeded } from '../../server/cli/webBuild';
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
 * Starts the built product the way a user does (npm start's entry point) on a fresh embedded
 * database in a temporary data directory, so journeys run against the real server and demo data.
 */
export default async function setup(project: TestProject) {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Chromium is missing at ${CHROMIUM}. Install it with: apt-get install -y chromium`);
  }
  await buildWebIfNeeded(path.resolve('dist'));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'storeline-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
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
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
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
  await waitForHealth(baseUrl, server, 120_000);
  project.provide('baseUrl', baseUrl);
  project.provide('serverLog', logFile);
  return async () => {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    log.end();
    if (!process.env.KEEP_E2E_DATA) rmSync(dataDir, { recursive: true, force: true });
  };
}
