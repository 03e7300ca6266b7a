/**
 * PgBouncer in transaction mode in front of a PostgreSQL server, as production runs it: the server
 * suites' PostgreSQL run sends the app's connections through one, so anything that needs a session
 * (named prepared statements, LISTEN, session SETs, session advisory locks) fails here as it would
 * there. Debian's pgbouncer package (1.18) provides the binary.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

export const PGBOUNCER = process.env.PGBOUNCER_PATH ?? '/usr/sbin/pgbouncer';

export interface PgBouncer {
  /** A URL that reaches `database` on the upstream server through this PgBouncer. */
  url(database: string): string;
  stop(): Promise<void>;
}

/** How long PgBouncer may take to accept connections on a busy machine. */
const READY_WITHIN_MS = 60_000;
const POLL_MS = 100;
/** A port picked free can be taken before PgBouncer binds it: pick another this many times. */
const ATTEMPTS = 5;

/** A loopback port nobody listens on right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('no port'));
      });
    });
  });
}

/** PgBouncer refuses to run as root: as root it runs as the postgres system user. */
function runAs(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('postgres:'));
  if (!line) throw new Error('PgBouncer will not run as root and there is no postgres user to run it as');
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

/** A value for pgbouncer.ini's database line: quoted when it has spaces or quotes. */
function connectValue(value: string): string {
  return /[\s']/.test(value) ? `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'` : value;
}

function configFor(upstream: URL, port: number, dir: string): string {
  const user = decodeURIComponent(upstream.username) || 'postgres';
  const target = [
    `host=${connectValue(upstream.hostname.replace(/^\[|\]$/g, '') || '127.0.0.1')}`,
    `port=${upstream.port || '5432'}`,
    // auth_type = any ignores the client's user name: every server connection logs in as this one.
    `user=${connectValue(user)}`,
    ...(upstream.password ? [`password=${connectValue(decodeURIComponent(upstream.password))}`] : []),
  ].join(' ');
  return `[databases]
* = ${target}

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = ${port}
unix_socket_dir =
pidfile = ${path.join(dir, 'pgbouncer.pid')}
auth_type = any
pool_mode = transaction
server_reset_query =
max_client_conn = 500
default_pool_size = 20
ignore_startup_parameters = extra_float_digits,options
log_connections = 0
log_disconnections = 0
`;
}

function stopped(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

async function canQuery(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Starts PgBouncer on a free loopback port in front of the server at `upstreamUrl` and resolves once
 * a query passes through it. Any database of that server is reachable by name through url(name).
 */
export async function startPgBouncer(upstreamUrl: string): Promise<PgBouncer> {
  if (!existsSync(PGBOUNCER))
    throw new Error(
      `PgBouncer is missing at ${PGBOUNCER}; the PostgreSQL server tests run through it. Install it:\n  sudo apt-get install -y pgbouncer`,
    );
  const upstream = new URL(upstreamUrl);
  const probeDatabase = decodeURIComponent(upstream.pathname.slice(1)) || 'postgres';
  const owner = runAs();
  const failures: string[] = [];
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const dir = mkdtempSync(path.join(tmpdir(), 'storeline-pgbouncer-'));
    if (owner) chownSync(dir, owner.uid, owner.gid);
    else chmodSync(dir, 0o700);
    const port = await freePort();
    const config = path.join(dir, 'pgbouncer.ini');
    writeFileSync(config, configFor(upstream, port, dir), { mode: 0o600 });
    if (owner) chownSync(config, owner.uid, owner.gid);

    const url = (database: string) => {
      const pooled = new URL(`postgres://127.0.0.1:${port}/`);
      pooled.username = upstream.username || 'postgres';
      pooled.pathname = `/${encodeURIComponent(database)}`;
      return pooled.toString();
    };

    let log = '';
    const child = spawn(PGBOUNCER, [config], {
      cwd: dir,
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(owner ?? {}),
    });
    // Always drained (a full pipe would stall PgBouncer); the tail explains a failed start.
    const keep = (chunk: Buffer) => {
      log = (log + chunk.toString()).slice(-8_000);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    let spawnError: Error | undefined;
    child.once('error', (err) => {
      spawnError = err;
    });
    // If the test run dies without its teardown, PgBouncer must not outlive it.
    const killOnExit = () => {
      if (!stopped(child)) child.kill('SIGKILL');
    };
    process.once('exit', killOnExit);

    const stop = async () => {
      process.removeListener('exit', killOnExit);
      if (!stopped(child) && !spawnError) {
        child.kill('SIGTERM'); // immediate shutdown
        const gone = await Promise.race([
          exited.then(() => true),
          new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 10_000).unref()),
        ]);
        if (!gone) {
          child.kill('SIGKILL');
          await exited;
        }
      }
      rmSync(dir, { recursive: true, force: true });
    };

    const deadline = Date.now() + READY_WITHIN_MS;
    let ready = false;
    while (!spawnError && !stopped(child) && Date.now() < deadline) {
      if (await canQuery(url(probeDatabase))) {
        ready = true;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    if (ready) return { url, stop };

    const why = spawnError
      ? `could not run ${PGBOUNCER}: ${spawnError.message}`
      : stopped(child)
        ? `${PGBOUNCER} exited (${child.exitCode ?? child.signalCode}) on port ${port}`
        : `${PGBOUNCER} on port ${port} answered no query within ${READY_WITHIN_MS / 1000}s`;
    // Only a PgBouncer that quit (say, its port was taken meanwhile) may do better on another port.
    const retry = !spawnError && stopped(child);
    await stop();
    failures.push(`${why}\n${log.trim()}`);
    if (!retry) break;
  }
  throw new Error(`PgBouncer did not start:\n${failures.join('\n---\n')}`);
}
