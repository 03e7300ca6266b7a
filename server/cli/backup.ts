import { existsSync } from 'node:fs';
import path from 'node:path';
import { askRunningServer, socketPathFits } from '../backup/backupSocket';
import { type BackupManifest, writeBackup } from '../backup/writeBackup';
import { databaseSourceOf, openDatabase } from '../db/client';
import { openFileStorage } from '../lib/openFileStorage';
import { configOrExit } from './config';

/*
 * `npm run backup -- <new directory>`: a backup of the embedded installation in DATA_DIR (README,
 * "Backup and restore"). A running server writes it (it holds the database); with none running,
 * this command opens the data directory itself.
 */
const config = configOrExit();
if (config.databaseUrl) {
  console.error(
    'DATABASE_URL is set: back up PostgreSQL with pg_dump, plus the files and SECRET_KEY (README, "Backup and restore").',
  );
  process.exit(2);
}
const args = process.argv.slice(2);
const serverStopped = args.includes('--server-stopped');
const [target] = args.filter((a) => a !== '--server-stopped');
// Where no server can listen for us, this command cannot tell whether one runs: opening the data
// directory under a running server could damage it, so the operator says it is stopped.
if (!socketPathFits(config.dataDir) && !serverStopped) {
  console.error(
    `DATA_DIR (${config.dataDir}) is too long a path for the backup socket, so a running server cannot be asked: stop the server and run npm run backup -- <directory> --server-stopped`,
  );
  process.exit(2);
}
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const to = path.resolve(target ?? `storeline-backup-${stamp}`);
const started = performance.now();
let manifest: BackupManifest | undefined;
let by = 'the running server';
try {
  manifest = socketPathFits(config.dataDir) ? await askRunningServer(config.dataDir, to) : undefined;
  if (!manifest) {
    by = 'this command (no server running)';
    if (!existsSync(path.join(config.dataDir, 'db')))
      throw new Error(`no embedded database in ${config.dataDir} (set DATA_DIR)`);
    const database = await openDatabase(databaseSourceOf(config));
    try {
      const storage = await openFileStorage(config);
      manifest = await writeBackup(to, {
        database,
        storage,
        dataDir: config.dataDir,
        secretKey: config.secretKey,
      });
    } finally {
      await database.close();
    }
  }
} catch (err) {
  console.error(`backup failed: ${(err as Error).message}`);
  process.exit(1);
}
console.log(
  `backup written to ${to} by ${by} in ${Math.round(performance.now() - started)} ms: the database and ${manifest.files} files`,
);
if (manifest.secret_key === 'included')
  console.log(
    'It holds DATA_DIR/secret.key, which opens the stored SSO client secrets: keep the backup as safe as that key.',
  );
else if (manifest.secret_key === 'environment')
  console.log(
    'SECRET_KEY is set: it is not in the backup. Keep it with the backup; a restore needs the same one.',
  );
