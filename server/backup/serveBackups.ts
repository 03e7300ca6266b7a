import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { openFileStorage } from '../lib/openFileStorage';
import { backupSocketPath, listenForBackups } from './backupSocket';
import { writeBackup } from './writeBackup';

/**
 * The embedded database lives inside the server's process, so `npm run backup` asks the running
 * server for a consistent copy (backupSocket.ts). Answers how to stop listening; nothing to do (and
 * nothing answered) on PostgreSQL, which pg_dump backs up from outside.
 */
export async function serveBackups(
  config: Config,
  database: Database,
  log: FastifyBaseLogger,
): Promise<(() => Promise<void>) | undefined> {
  if (!database.image) return undefined;
  const listening = listenForBackups(config.dataDir, async (to) => {
    const storage = await openFileStorage(config);
    const manifest = await writeBackup(to, {
      database,
      storage,
      dataDir: config.dataDir,
      secretKey: config.secretKey,
    });
    log.info({ to, files: manifest.files, secret_key: manifest.secret_key }, 'backup written');
    return manifest;
  });
  // Not a reason to refuse to serve (a Unix socket path is limited to about 100 bytes, so a deeply
  // nested DATA_DIR cannot have one): backups are then taken with the server stopped.
  return listening.catch((err: Error) => {
    log.warn(
      { err, socket: backupSocketPath(config.dataDir) },
      'npm run backup cannot reach this server; stop it before taking a backup',
    );
    return undefined;
  });
}
