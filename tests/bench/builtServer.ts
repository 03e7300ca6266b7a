import { spawn } from 'node:child_process';

async function waitForHealth(url: string, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no answer from ${url} within ${timeoutMs / 1000}s`);
}

/**
 * The built product on its embedded database in `dataDir`, as `npm start` runs it, for the
 * browser benches: answers its address once healthy and a stop that waits for it to exit.
 */
export async function startBuiltServer(
  port: number,
  dataDir: string,
  env: Record<string, string> = {},
): Promise<{ base: string; stop: () => Promise<void> }> {
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/cli/start.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      DEMO: 'false',
      SKIP_WEB_BUILD: '1',
      LOG_LEVEL: 'warn',
      ...env,
    },
    // Its complaints are shown: a server that does not start says why.
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  };
  try {
    await waitForHealth(base, 300_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, stop };
}
