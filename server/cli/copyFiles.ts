import { existsSync } from 'node:fs';
import path from 'node:path';
import { copyStore } from '../lib/copyStore';
import { openFileStorage } from '../lib/openFileStorage';
import { LocalFileStorage } from '../lib/storage';
import { configOrExit } from './config';

/*
 * npm run storage:copy [-- <source directory>]: copies a local file store (DATA_DIR/files unless
 * a directory is given) into the storage configured by STORAGE_URL (a bucket, or another
 * directory), every file the target lacks or holds with other bytes. Safe to run again, and
 * while servers run: files are content-addressed or written once, so a copy never goes stale.
 */
const config = configOrExit();
const sourceDir = path.resolve(process.argv[2] ?? path.join(config.dataDir, 'files'));
const { storage } = config;
const targetName =
  storage.kind === 's3'
    ? `s3://${storage.bucket}/${storage.prefix}${storage.endpoint ? ` at ${storage.endpoint}` : ''}`
    : path.resolve(storage.root ?? path.join(config.dataDir, 'files'));
if (!existsSync(sourceDir)) {
  console.error(`There is no directory ${sourceDir} to copy from: name the file store's directory after --`);
  process.exit(2);
}
if (storage.kind === 'local' && targetName === sourceDir) {
  console.error(
    `The source and the target are both ${sourceDir}: set STORAGE_URL to the bucket (or directory) to copy into`,
  );
  process.exit(2);
}

try {
  const target = await openFileStorage(config);
  const { copied, unchanged } = await copyStore(new LocalFileStorage(sourceDir), target, (key, done) => {
    if (done) console.log(`copied ${key}`);
  });
  console.log(
    `${copied + unchanged} files in ${sourceDir}: ${copied} copied, ${unchanged} already in ${targetName}`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
