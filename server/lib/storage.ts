import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** A stored file opened for reading: its bytes as a stream, and how many there are. */
export interface StoredFile {
  stream: Readable;
  size: number;
}

/**
 * Where uploaded files live (design §2: one storage interface; a local directory by default, or an
 * S3-compatible bucket, lib/s3Storage.ts). Keys are relative paths such as `logos/3/ab12….png`;
 * callers put the tenant id in the key so a tenant's files never mix with another's.
 */
export interface FileStorage {
  /** Stores the bytes under the key, replacing any; a stream is written as it comes, never held whole. */
  put(key: string, data: Buffer | Readable): Promise<void>;
  /** The file's bytes, or undefined when there is none under the key. */
  get(key: string): Promise<Buffer | undefined>;
  /** The file as a stream with its size, for sending it on; undefined when there is none. */
  open(key: string): Promise<StoredFile | undefined>;
  /** Removes the file; removing a missing file is not an error. */
  delete(key: string): Promise<void>;
  /** Every key that starts with `prefix` (all keys without one), in no particular order. */
  list(prefix?: string): AsyncIterable<string>;
  /** Throws, saying what to set, when the storage cannot be used (run at start: openFileStorage). */
  check(): Promise<void>;
}

const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9_.-]*$/;
const KEY = /^[A-Za-z0-9_-][A-Za-z0-9_.-]*(?:\/[A-Za-z0-9_-][A-Za-z0-9_.-]*)*$/;

/** Refuses keys that could leave the storage root ("..", absolute paths, odd characters). */
export function assertStorageKey(key: string): void {
  if (key.length > 512 || !KEY.test(key) || key.split('/').some((part) => part === '..' || part === '.')) {
    throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
  }
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

export class LocalFileStorage implements FileStorage {
  constructor(private readonly root: string) {}

  private file(key: string): string {
    assertStorageKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, data: Buffer | Readable): Promise<void> {
    const target = this.file(key);
    await mkdir(path.dirname(target), { recursive: true });
    // Write then rename, so a reader never sees half a file. The draft's name starts with a dot,
    // which no key does, so list() never answers it.
    const draft = path.join(
      path.dirname(target),
      `.${path.basename(target)}.${randomBytes(6).toString('hex')}.tmp`,
    );
    try {
      if (Buffer.isBuffer(data)) await writeFile(draft, data);
      else await pipeline(data, createWriteStream(draft));
      await rename(draft, target);
    } catch (error) {
      await rm(draft, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<Buffer | undefined> {
    try {
      return await readFile(this.file(key));
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async open(key: string): Promise<StoredFile | undefined> {
    // The size from the open handle: a put renaming a new file in meanwhile cannot mismatch them.
    const handle = await open(this.file(key), 'r').catch((error: unknown) => {
      if (isMissing(error)) return undefined;
      throw error;
    });
    if (!handle) return undefined;
    try {
      const { size } = await handle.stat();
      return { stream: handle.createReadStream(), size };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.file(key), { force: true });
  }

  async *list(prefix = ''): AsyncIterable<string> {
    // Walk only the folder the prefix names (`task-files/3/ab` → task-files/3) and filter by the rest.
    const folder = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
    if (folder && !folder.split('/').every((part) => SEGMENT.test(part) && part !== '..')) return;
    for await (const key of this.walk(folder)) if (key.startsWith(prefix)) yield key;
  }

  private async *walk(folder: string): AsyncIterable<string> {
    const entries = await readdir(path.join(this.root, ...folder.split('/')), { withFileTypes: true }).catch(
      (error: unknown) => {
        if (isMissing(error)) return [];
        throw error;
      },
    );
    for (const entry of entries) {
      // Drafts of puts under way, and anything else no key could name, are not files of the store.
      if (!SEGMENT.test(entry.name)) continue;
      const key = folder ? `${folder}/${entry.name}` : entry.name;
      if (entry.isDirectory()) yield* this.walk(key);
      else if (entry.isFile()) yield key;
    }
  }

  async check(): Promise<void> {
    const probe = path.join(this.root, `.check-${randomBytes(6).toString('hex')}`);
    try {
      await mkdir(this.root, { recursive: true });
      await writeFile(probe, '');
      await rm(probe, { force: true });
    } catch (error) {
      const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
      throw new Error(
        `The file storage directory ${this.root} cannot be written (${reason}): give this process write access to it, or set STORAGE_URL (or DATA_DIR) to a directory it may write`,
      );
    }
  }
}

/** The whole of a stream, for callers that need a file's bytes at once. */
export async function readWhole(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** The first `bytes` of a stream (fewer if it is shorter), and a stream that still yields all of it. */
export async function peekHead(stream: Readable, bytes: number): Promise<{ head: Buffer; stream: Readable }> {
  const iterator = stream[Symbol.asyncIterator]();
  const taken: Buffer[] = [];
  let length = 0;
  while (length < bytes) {
    const next = await iterator.next();
    if (next.done) break;
    const chunk = Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value);
    taken.push(chunk);
    length += chunk.length;
  }
  async function* whole() {
    yield* taken;
    for (let next = await iterator.next(); !next.done; next = await iterator.next())
      yield next.value as Buffer;
  }
  const rest = Readable.from(whole(), { objectMode: false });
  // Ending the answer early (a client gone) must let the file or the connection under it go.
  rest.on('close', () => stream.destroy());
  return { head: Buffer.concat(taken).subarray(0, bytes), stream: rest };
}
