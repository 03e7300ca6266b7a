import { existsSync } from 'node:fs';
import { chmod, copyFile, mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '../db/client';
import type { FileStorage } from '../lib/storage';

/**
 * A backup of the embedded installation is a directory (mode 0700):
 * - `database.tar.gz`: PGlite's data directory, taken with no transaction in flight;
 * - `files/<key>`: every stored file, under its storage key;
 * - `secret.key`: the data directory's generated key, when SECRET_KEY is not set (it opens the
 *   sealed SSO client secrets; the backup is then as sensitive as the key);
 * - `backup.json`: what it holds (BackupManifest).
 */
export interface BackupManifest {
  format: 1;
  created_at: string;
  database: 'pglite';
  files: number;
  /** `included`: secret.key is in the backup; `environment`: SECRET_KEY was set, keep it yourself. */
  secret_key: 'included' | 'environment' | 'none';
}

export const DATABASE_IMAGE = 'database.tar.gz';
export const FILES_DIR = 'files';
export const SECRET_KEY_FILE = 'secret.key';
export const MANIFEST = 'backup.json';

export interface BackupSources {
  database: Database;
  storage: FileStorage;
  dataDir: string;
  /** SECRET_KEY as configured: when set, the key is the operator's to keep, not the backup's. */
  secretKey: string | undefined;
}

/** A directory that does not exist yet or is empty; a backup never mixes with anything else. */
async function emptyDirectory(to: string): Promise<void> {
  if (existsSync(to) && (await readdir(to)).length > 0)
    throw new Error(`${to} is not empty: name a new directory for the backup`);
  await mkdir(to, { recursive: true, mode: 0o700 });
  await chmod(to, 0o700);
}

/**
 * Writes a backup of `sources` to the directory `to`. The database comes first: a file uploaded
 * while the files are copied may be in the backup without a row naming it (harmless), and a file
 * deleted in that time may be missing from it.
 */
export async function writeBackup(to: string, sources: BackupSources): Promise<BackupManifest> {
  if (!sources.database.image) throw new Error('only the embedded database is backed up this way');
  await emptyDirectory(to);
  const image = await sources.database.image();
  await writeFile(path.join(to, DATABASE_IMAGE), Buffer.from(await image.arrayBuffer()), { mode: 0o600 });
  let files = 0;
  for await (const key of sources.storage.list()) {
    const bytes = await sources.storage.get(key);
    if (!bytes) continue;
    const target = path.join(to, FILES_DIR, ...key.split('/'));
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, bytes);
    files++;
  }
  const keyFile = path.join(sources.dataDir, SECRET_KEY_FILE);
  let secretKey: BackupManifest['secret_key'] = 'none';
  if (sources.secretKey) secretKey = 'environment';
  else if (existsSync(keyFile)) {
    await copyFile(keyFile, path.join(to, SECRET_KEY_FILE));
    await chmod(path.join(to, SECRET_KEY_FILE), 0o600);
    secretKey = 'included';
  }
  const manifest: BackupManifest = {
    format: 1,
    created_at: new Date().toISOString(),
    database: 'pglite',
    files,
    secret_key: secretKey,
  };
  await writeFile(path.join(to, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}
