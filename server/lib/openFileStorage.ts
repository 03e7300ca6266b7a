import path from 'node:path';
import type { Config } from '../config';
import { S3FileStorage, s3Client } from './s3Storage';
import { type FileStorage, LocalFileStorage } from './storage';

/**
 * The configured file storage, checked: a missing bucket, wrong credentials or a directory that
 * cannot be written fail here, at start, with what to set, rather than at the first upload.
 */
export async function openFileStorage(config: Pick<Config, 'storage' | 'dataDir'>): Promise<FileStorage> {
  const { storage } = config;
  const files =
    storage.kind === 's3'
      ? new S3FileStorage(s3Client(storage), storage)
      : new LocalFileStorage(storage.root ?? path.join(config.dataDir, 'files'));
  await files.check();
  return files;
}
