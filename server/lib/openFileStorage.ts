import path from 'node:path';
import type { Config } from '../config';
import { type FileStorage, LocalFileStorage } from './storage';

/** The file storage a configuration names (the local directory DATA_DIR/files). */
export async function openFileStorage(config: Config): Promise<FileStorage> {
  return new LocalFileStorage(path.join(config.dataDir, 'files'));
}
