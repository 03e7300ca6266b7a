import { existsSync } from 'node:fs';
import { chmod, copyFile, mkdir, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { openDatabase } from '../db/client';
import type { FileStorage } from '../lib/storage';
import { type BackupManifest, DATABASE_IMAGE, FILES_DIR, MANIFEST, SECRET_KEY_FILE } from './writeBackup';

export interface RestoreTarget {
  /** The new installation's DATA_DIR: its database goes to `db/`, its key to `secret.key`. */
  dataDir: string;
  storage: FileStorage;
}

async function* filesUnder(root: string): AsyncIterable<string> {
  if (!existsSync(root)) return;
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (entry.isFile())
      yield path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
  }
}

/**
 * Restores the backup in directory `from` (writeBackup's) into a new data directory: the database
 * is loaded from its image (and opened once, to be sure it does), the files put into `storage`,
 * the key copied. Refuses a data directory that already has a database or a key, rather than
 * mixing two installations.
 */
export async function restoreBackup(from: string, target: RestoreTarget): Promise<BackupManifest> {
  const manifestFile = path.join(from, MANIFEST);
  if (!existsSync(manifestFile)) throw new Error(`${from} is not a Storeline backup (no ${MANIFEST})`);
  const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as BackupManifest;
  if (manifest.format !== 1 || manifest.database !== 'pglite')
    throw new Error(`${from} is a backup this version cannot restore (format ${manifest.format})`);
  const dbDir = path.join(target.dataDir, 'db');
  if (existsSync(dbDir) && (await readdir(dbDir)).length > 0)
    throw new Error(`${dbDir} already holds a database: restore into a new DATA_DIR`);
  if (existsSync(path.join(target.dataDir, SECRET_KEY_FILE)))
    throw new Error(`${target.dataDir} already has a ${SECRET_KEY_FILE}: restore into a new DATA_DIR`);

  const image = new Blob([await readFile(path.join(from, DATABASE_IMAGE))], { type: 'application/x-gzip' });
  const database = await openDatabase({ kind: 'pglite', dataDir: dbDir, image });
  try {
    await database.ping();
  } finally {
    await database.close();
  }
  const filesRoot = path.join(from, FILES_DIR);
  for await (const key of filesUnder(filesRoot))
    await target.storage.put(key, await readFile(path.join(filesRoot, ...key.split('/'))));
  if (manifest.secret_key === 'included') {
    await mkdir(target.dataDir, { recursive: true });
    const keyFile = path.join(target.dataDir, SECRET_KEY_FILE);
    await copyFile(path.join(from, SECRET_KEY_FILE), keyFile);
    await chmod(keyFile, 0o600);
  }
  return manifest;
}
