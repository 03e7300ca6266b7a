import { chmod, mkdir, rm } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import type { BackupManifest } from './writeBackup';

/**
 * How `npm run backup` asks a running embedded server for a backup. PGlite is inside the server's
 * process and its data directory cannot be opened by another process while the server runs, so the
 * server takes the backup itself: it listens on a Unix socket in its data directory, in a folder
 * only its OS user may enter (0700; the socket 0600 too), and answers one JSON line per request:
 * `{"to": "/absolute/dir"}` → `{"ok": true, "manifest": …}` or `{"ok": false, "error": "…"}`.
 * Whoever may connect may already read the data directory, so the socket gives no one more.
 */
export function backupSocketPath(dataDir: string): string {
  return path.join(dataDir, 'control', 'backup.sock');
}

/** sockaddr_un holds 108 bytes on Linux and 104 on macOS, the terminating zero included. */
const MAX_SOCKET_PATH = 103;

/** Whether `dataDir` is short enough to hold the socket (else no server can listen there). */
export function socketPathFits(dataDir: string): boolean {
  return Buffer.byteLength(backupSocketPath(dataDir)) <= MAX_SOCKET_PATH;
}

type Answer = { ok: true; manifest: BackupManifest } | { ok: false; error: string };

/** Listens for backup requests; `backup(to)` writes one. Answers a function that stops listening. */
export async function listenForBackups(
  dataDir: string,
  backup: (to: string) => Promise<BackupManifest>,
): Promise<() => Promise<void>> {
  const socketPath = backupSocketPath(dataDir);
  // Longer, and the operating system would cut the name and listen somewhere else.
  if (!socketPathFits(dataDir))
    throw new Error(`${socketPath} is longer than a Unix socket path may be (${MAX_SOCKET_PATH} bytes)`);
  await mkdir(path.dirname(socketPath), { recursive: true, mode: 0o700 });
  await chmod(path.dirname(socketPath), 0o700);
  // A socket left by a server that did not close cleanly (the data directory is this server's).
  await rm(socketPath, { force: true });
  const server = net.createServer((socket) => {
    let request = '';
    socket.setEncoding('utf8');
    socket.on('error', () => socket.destroy());
    socket.on('data', (chunk: string) => {
      request += chunk;
      const end = request.indexOf('\n');
      if (end < 0) return;
      const answer = (a: Answer) => socket.end(`${JSON.stringify(a)}\n`);
      let to: unknown;
      try {
        to = (JSON.parse(request.slice(0, end)) as { to?: unknown }).to;
      } catch {
        to = undefined;
      }
      if (typeof to !== 'string' || !path.isAbsolute(to)) {
        answer({ ok: false, error: 'expected {"to": "/absolute/directory"}' });
        return;
      }
      backup(to).then(
        (manifest) => answer({ ok: true, manifest }),
        (err: Error) => answer({ ok: false, error: err.message }),
      );
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  await chmod(socketPath, 0o600);
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
    });
}

/**
 * Asks the server running on `dataDir` for a backup to `to`; undefined when no server listens
 * there (then the data directory is free to open).
 */
export function askRunningServer(dataDir: string, to: string): Promise<BackupManifest | undefined> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(backupSocketPath(dataDir));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write(`${JSON.stringify({ to })}\n`));
    socket.on('data', (chunk: string) => {
      answer += chunk;
    });
    socket.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT' || err.code === 'ECONNREFUSED') resolve(undefined);
      else reject(err);
    });
    socket.on('end', () => {
      try {
        const parsed = JSON.parse(answer) as Answer;
        if (parsed.ok) resolve(parsed.manifest);
        else reject(new Error(parsed.error));
      } catch {
        reject(new Error(`the running server answered: ${answer.slice(0, 200)}`));
      }
    });
  });
}
