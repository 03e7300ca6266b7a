import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { openFileStorage } from '../lib/openFileStorage';
import { listenForBackups } from './backupSocket';
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
  return listenForBackups(config.dataDir, async (to) => {
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
}
