import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** A Storeline server running in a child process, as `npm start` runs it (through tsx). */
export interface ServerProcess {
  /** http://127.0.0.1:<port> once it listens. */
  url: string;
  /** Everything it printed, for a failing assertion's message. */
  output(): string;
  stop(): Promise<void>;
}

const exited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

/**
 * Starts `server/cli/start.ts` with `env` (on a free port, without building the web app) and
 * answers once it says it listens; rejects with its output if it exits first or says nothing
 * within `timeoutMs`.
 */
export function startServerProcess(env: Record<string, string>, timeoutMs = 240_000): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/cli/start.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      SKIP_WEB_BUILD: '1',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  const output = () => printed;
  const stop = async () => {
    if (exited(child)) return;
    const gone = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await gone;
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`the server did not listen within ${timeoutMs} ms:\n${printed}`));
    }, timeoutMs);
    const hear = (chunk: Buffer) => {
      printed += chunk.toString();
      const listening = /listening on (http:\/\/[^\s)]+)/.exec(printed);
      if (listening) {
        clearTimeout(timer);
        resolve({ url: listening[1], output, stop });
      }
    };
    child.stdout.on('data', hear);
    child.stderr.on('data', hear);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code ?? signal}) before listening:\n${printed}`));
    });
  });
}
