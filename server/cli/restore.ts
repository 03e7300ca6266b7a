import path from 'node:path';
import { restoreBackup } from '../backup/restoreBackup';
import { openFileStorage } from '../lib/openFileStorage';
import { configOrExit } from './config';

/*
 * `npm run restore -- <backup directory> [--data-dir DIR]`: makes a new embedded installation in
 * DIR (default DATA_DIR) from a backup; start the server on it afterwards.
 */
const args = process.argv.slice(2);
const flag = args.indexOf('--data-dir');
const dataDirArg = flag >= 0 ? args.splice(flag, 2)[1] : undefined;
const from = args[0];
if (!from || (flag >= 0 && !dataDirArg)) {
  console.error('usage: npm run restore -- <backup directory> [--data-dir DIR]');
  process.exit(2);
}
const loaded = configOrExit();
const config = dataDirArg ? { ...loaded, dataDir: path.resolve(dataDirArg) } : loaded;
const started = performance.now();
try {
  const manifest = await restoreBackup(path.resolve(from), {
    dataDir: config.dataDir,
    storage: await openFileStorage(config),
  });
  console.log(
    `restored ${from} (taken ${manifest.created_at}) into ${config.dataDir} in ${Math.round(performance.now() - started)} ms: the database and ${manifest.files} files`,
  );
  if (manifest.secret_key === 'environment')
    console.log('The backup was taken with SECRET_KEY set: start the server with the same SECRET_KEY.');
  else if (manifest.secret_key === 'included' && config.secretKey)
    console.log(
      'SECRET_KEY is set and wins over the restored secret.key: unless it is the key the backup was taken with, SSO client secrets must be entered again.',
    );
} catch (err) {
  console.error(`restore failed: ${(err as Error).message}`);
  process.exit(1);
}
