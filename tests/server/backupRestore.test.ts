import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type App, buildApp } from '../../server/app';
import { serveBackups } from '../../server/backup/serveBackups';
import type { DemoIdentityProvider } from '../../server/cli/demoIdentityProvider';
import type { Config } from '../../server/config';
import { type Database, openDatabase } from '../../server/db/client';
import { prepareDatabase } from '../../server/prepareDatabase';
import { DEMO_PASSWORD } from '../../server/seed';
import { OWNER } from './helpers/acmePeople';
import { openTestDatabase, type TestApp, testAppOver, testConfig } from './helpers/app';
import { clusterAt } from './helpers/cluster';
import { fileForm, PNG } from './helpers/files';
import {
  cookieValue,
  ProviderBrowser,
  SSO_CLIENT_ID,
  SSO_CLIENT_SECRET,
  SSO_PUBLIC_URL,
  startTestProvider,
} from './helpers/sso';
import { directUrl, onPostgres, pooledUrl, postgresUrl } from './helpers/target';
import { taskKit } from './helpers/tasks';

/*
 * A backup taken while the server answers, restored into a new database and data directory, gives
 * an installation where people sign in, find their tasks and the tasks' photos, and sign in through
 * the organisation's provider (whose client secret was sealed with the secret key). Embedded: the
 * operator's commands, `npm run backup` asking the running server and `npm run restore`, run as
 * child processes. PostgreSQL: the README's procedure, pg_dump -Fc and pg_restore of the database
 * plus a copy of the files, with the same SECRET_KEY. And what an operator gets without the key.
 */

const execFileAsync = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SECRET_KEY = 'backup-test-secret-key-of-at-least-32-characters';
const TITLE = 'Photograph the window display';

let idp: DemoIdentityProvider;
const temporary: string[] = [];
const closers: (() => Promise<void>)[] = [];

function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  temporary.push(dir);
  return dir;
}

beforeAll(async () => {
  idp = await startTestProvider((login) => ({ email: login, email_verified: true, name: 'Olivia' }));
}, 60_000);

afterAll(async () => {
  for (const close of closers.reverse()) await close();
  await idp?.close();
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
});

/** An app as `npm start` makes it: the database prepared, then built; closed after the file. */
async function serve(database: Database, config: Partial<Config>): Promise<TestApp> {
  await prepareDatabase(database);
  const app: App = await buildApp({
    config: testConfig({ publicUrl: SSO_PUBLIC_URL, ...config }),
    database,
    logger: false,
  });
  await app.ready();
  const t = testAppOver(app, database, new Map(), async () => {
    await app.close();
    await database.close();
  });
  closers.push(() => t.close());
  return t;
}

const ssoConfig = (withSecret: boolean) => ({
  enabled: true,
  provider_name: 'Acme Login',
  issuer: idp.issuer,
  client_id: SSO_CLIENT_ID,
  ...(withSecret ? { client_secret: SSO_CLIENT_SECRET } : {}),
  email_domains: ['acme.test'],
  sso_only: false,
  break_glass_usernames: [],
  create_users: { enabled: false, node_id: null, role_id: null },
});

/** What the backup must carry: a published task with a photo, and Acme's SSO configuration. */
async function fillIn(t: TestApp): Promise<{ taskId: number; hash: string }> {
  const uploaded = await t.injectAs(OWNER, {
    method: 'POST',
    url: '/api/user/task/upload',
    payload: fileForm(PNG, 'window.png', 'image/png'),
  });
  expect(uploaded.statusCode, uploaded.body).toBe(200);
  const hash = uploaded.json().data.hash as string;
  const taskId = await taskKit(t).published(OWNER, { title: TITLE, attachments: [hash] });
  const sso = await t.injectAs(OWNER, { method: 'PUT', url: '/api/sso/config', payload: ssoConfig(true) });
  expect(sso.statusCode, sso.body).toBe(200);
  return { taskId, hash };
}

/** A whole sign-in at the provider: where the callback sends the browser, and its session cookie. */
async function ssoSignIn(app: App): Promise<{ location: string; token: string | undefined }> {
  const started = await app.inject({ url: `/api/sso/start?username=${encodeURIComponent(OWNER)}` });
  expect(started.statusCode, started.body).toBe(302);
  const location = started.headers.location as string;
  if (!location.startsWith(idp.issuer)) return { location, token: undefined };
  const back = await new ProviderBrowser(idp.issuer).signIn(location, OWNER);
  const cookie = cookieValue(started, 'storeline_sso');
  const done = await app.inject({
    url: `${back.pathname}${back.search}`,
    headers: { cookie: `storeline_sso=${encodeURIComponent(cookie!)}` },
  });
  return { location: done.headers.location as string, token: cookieValue(done, 'user_access_token') };
}

/** The restored installation: password sign-in, the task and its photo, and SSO all work. */
async function expectRestored(t: TestApp, original: { taskId: number; hash: string }) {
  const login = await t.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username: OWNER, password: DEMO_PASSWORD },
  });
  expect(login.statusCode, login.body).toBe(200);
  const bearer = { authorization: `Bearer ${login.json().data.token}` };

  const found = await t.inject({
    url: '/api/admin/task/get',
    query: { id: original.taskId },
    headers: bearer,
  });
  expect(found.statusCode, found.body).toBe(200);
  expect(found.json().data).toMatchObject({ title: TITLE });
  expect(found.json().data.attachment_files.map((f: { hash: string }) => f.hash)).toEqual([original.hash]);

  const photo = await t.inject({
    url: '/api/task/attachments/download',
    query: { hash: original.hash },
    headers: bearer,
  });
  expect(photo.statusCode).toBe(200);
  expect(photo.rawPayload.equals(PNG)).toBe(true);

  const sso = await t.inject({ url: '/api/sso/config', headers: bearer });
  expect(sso.json().data).toMatchObject({
    enabled: true,
    client_secret_set: true,
    client_secret_opens: true,
  });
  const signedIn = await ssoSignIn(t.app);
  expect(signedIn.location).toBe('/');
  expect(signedIn.token).toBeTruthy();
}

/**
 * Runs an embedded installation's command: the database, file store and key this run's
 * environment may name (npm test sets DATABASE_URL for the PostgreSQL runs) are not its own.
 */
function runCommand(script: string, args: string[], env: Record<string, string>) {
  const { DATABASE_URL, STORAGE_URL, S3_ENDPOINT, S3_REGION, SECRET_KEY, ...inherited } = process.env;
  return execFileAsync(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: root,
    env: { ...inherited, ...env },
  });
}

describe.skipIf(onPostgres)('embedded: npm run backup while the server answers, npm run restore', () => {
  let original: { taskId: number; hash: string };
  let backup: string;

  beforeAll(async () => {
    const dataDir = tempDir('storeline-backup-source-');
    const image = new Blob([readFileSync(inject('pgliteImage'))], { type: 'application/x-gzip' });
    const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db'), image });
    // No SECRET_KEY: the server makes DATA_DIR/secret.key, which the backup must then carry.
    const config = { dataDir, secretKey: undefined };
    const t = await serve(database, config);
    const stopBackups = await serveBackups(testConfig(config), database, t.app.log);
    closers.push(async () => stopBackups?.());
    original = await fillIn(t);

    backup = path.join(tempDir('storeline-backups-'), 'nightly');
    // Requests keep coming while the backup is taken: each is answered, none waits for good.
    let backingUp = true;
    const answered: number[] = [];
    const traffic = (async () => {
      while (backingUp) {
        const res = await t.injectAs(OWNER, { url: '/api/admin/task/get', query: { id: original.taskId } });
        answered.push(res.statusCode);
      }
    })();
    const started = performance.now();
    const { stdout } = await runCommand('server/cli/backup.ts', [backup], { DATA_DIR: dataDir }).finally(
      () => {
        backingUp = false;
      },
    );
    console.log(
      `embedded backup of the demo database (npm run backup): ${Math.round(performance.now() - started)} ms`,
    );
    await traffic;
    expect(stdout).toContain('by the running server');
    expect(stdout).toContain('keep the backup as safe as that key');
    expect(answered.length).toBeGreaterThan(0);
    expect(answered.every((status) => status === 200)).toBe(true);
  }, 180_000);

  it('holds the database, every file and the generated key, readable by its owner only', () => {
    const manifest = JSON.parse(readFileSync(path.join(backup, 'backup.json'), 'utf8'));
    expect(manifest).toMatchObject({ format: 1, database: 'pglite', secret_key: 'included' });
    expect(manifest.files).toBeGreaterThan(0);
    expect(statSync(backup).mode & 0o777).toBe(0o700);
    expect(statSync(path.join(backup, 'secret.key')).mode & 0o777).toBe(0o600);
  });

  it('restores into a new data directory where people sign in, find the task, its photo and SSO', async () => {
    const dataDir = path.join(tempDir('storeline-restored-'), 'data');
    const started = performance.now();
    await runCommand('server/cli/restore.ts', [backup, '--data-dir', dataDir], {});
    console.log(
      `embedded restore of the demo database (npm run restore): ${Math.round(performance.now() - started)} ms`,
    );
    const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
    const t = await serve(database, { dataDir, secretKey: undefined });
    await expectRestored(t, original);
  }, 180_000);

  it('refuses to restore over an installation; with no server running, backs up by opening the data directory', async () => {
    const dataDir = path.join(tempDir('storeline-restored-'), 'data');
    await runCommand('server/cli/restore.ts', [backup, '--data-dir', dataDir], {});
    const offline = path.join(tempDir('storeline-backups-'), 'offline');
    const { stdout } = await runCommand('server/cli/backup.ts', [offline], { DATA_DIR: dataDir });
    expect(stdout).toContain('by this command (no server running)');
    expect(JSON.parse(readFileSync(path.join(offline, 'backup.json'), 'utf8'))).toMatchObject({
      secret_key: 'included',
      files: JSON.parse(readFileSync(path.join(backup, 'backup.json'), 'utf8')).files,
    });
    const again = await runCommand('server/cli/restore.ts', [backup, '--data-dir', dataDir], {}).catch(
      (err: { code: number; stderr: string }) => err,
    );
    expect(again).toMatchObject({ code: 1 });
    expect((again as { stderr: string }).stderr).toContain('restore into a new DATA_DIR');
  }, 120_000);

  it('without the secret key: passwords and files work, SSO says its secret must be entered again', async () => {
    const dataDir = path.join(tempDir('storeline-restored-'), 'data');
    await runCommand('server/cli/restore.ts', [backup, '--data-dir', dataDir], {});
    // The key was not kept: this installation makes a new one.
    rmSync(path.join(dataDir, 'secret.key'));
    const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
    const t = await serve(database, { dataDir, secretKey: undefined });

    const login = await t.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: OWNER, password: DEMO_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const photo = await t.injectAs(OWNER, {
      url: '/api/task/attachments/download',
      query: { hash: original.hash },
    });
    expect(photo.statusCode).toBe(200);

    const settings = await t.injectAs(OWNER, { url: '/api/sso/config' });
    expect(settings.json().data).toMatchObject({ client_secret_set: true, client_secret_opens: false });
    // A person choosing SSO is sent back to the sign-in page with the reason, not to an error page.
    expect(await ssoSignIn(t.app)).toEqual({ location: '/login?error=sso_not_configured', token: undefined });
    const kept = await t.injectAs(OWNER, {
      method: 'PUT',
      url: '/api/sso/config',
      payload: ssoConfig(false),
    });
    expect(kept.statusCode).toBe(400);
    expect(kept.json().errors.client_secret).toContain('enter it again');

    const entered = await t.injectAs(OWNER, {
      method: 'PUT',
      url: '/api/sso/config',
      payload: ssoConfig(true),
    });
    expect(entered.statusCode, entered.body).toBe(200);
    expect(entered.json().data).toMatchObject({ client_secret_opens: true });
    expect((await ssoSignIn(t.app)).location).toBe('/');
  }, 120_000);
});

describe.skipIf(!onPostgres)('PostgreSQL: pg_dump and pg_restore, the files and SECRET_KEY', () => {
  it('restores into a new database where people sign in, find the task, its photo and SSO', async () => {
    const source = await openTestDatabase();
    closers.push(() => source.drop());
    const filesDir = tempDir('storeline-pg-source-');
    const t = await serve(source.database, { dataDir: filesDir, secretKey: SECRET_KEY });
    const original = await fillIn(t);
    const name = (await source.database.executeSql('SELECT current_database() AS name', [])).rows[0]!
      .name as string;

    const dump = path.join(tempDir('storeline-pg-dump-'), 'storeline.dump');
    let started = performance.now();
    await execFileAsync('pg_dump', ['-Fc', '-f', dump, directUrl(name)]);
    const files = path.join(path.dirname(dump), 'files');
    cpSync(path.join(filesDir, 'files'), files, { recursive: true });
    console.log(`PostgreSQL backup (pg_dump -Fc + the files): ${Math.round(performance.now() - started)} ms`);

    const restoredName = `${name}_restored`;
    const cluster = await clusterAt(postgresUrl());
    closers.push(() => cluster.dropDatabase(restoredName));
    started = performance.now();
    await cluster.createDatabase(restoredName);
    await execFileAsync('pg_restore', ['--no-owner', '-d', directUrl(restoredName), dump]);
    const restoredDir = tempDir('storeline-pg-restored-');
    cpSync(files, path.join(restoredDir, 'files'), { recursive: true });
    console.log(`PostgreSQL restore (pg_restore + the files): ${Math.round(performance.now() - started)} ms`);

    expect(existsSync(path.join(restoredDir, 'secret.key'))).toBe(false);
    const database = await openDatabase({ kind: 'postgres', url: pooledUrl(restoredName) });
    const restored = await serve(database, { dataDir: restoredDir, secretKey: SECRET_KEY });
    await expectRestored(restored, original);
  }, 180_000);
});
