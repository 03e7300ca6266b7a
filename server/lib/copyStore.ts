import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FileStorage } from './storage';

export interface CopyCounts {
  /** Files the target lacked or held with other bytes, now copied. */
  copied: number;
  /** Files the target already held with the same bytes. */
  unchanged: number;
}

async function digest(stream: Readable): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Whether the target holds the key with the same bytes: sizes first, then SHA-256 of both. */
async function sameFile(source: FileStorage, target: FileStorage, key: string): Promise<boolean> {
  const there = await target.open(key);
  if (!there) return false;
  const here = await source.open(key);
  if (!here || here.size !== there.size) {
    there.stream.destroy();
    here?.stream.destroy();
    return false;
  }
  const [a, b] = await Promise.all([digest(here.stream), digest(there.stream)]);
  return a === b;
}

/**
 * Copies every file of `source` that `target` lacks or holds with other bytes, one at a time and
 * streamed; running it again copies nothing new. `onFile` hears each key with what was done.
 */
export async function copyStore(
  source: FileStorage,
  target: FileStorage,
  onFile: (key: string, copied: boolean) => void = () => {},
): Promise<CopyCounts> {
  const counts: CopyCounts = { copied: 0, unchanged: 0 };
  for await (const key of source.list()) {
    if (await sameFile(source, target, key)) {
      counts.unchanged++;
      onFile(key, false);
      continue;
    }
    const file = await source.open(key);
    // Gone since it was listed (deleted by a running server): nothing to copy.
    if (!file) continue;
    await target.put(key, file.stream);
    counts.copied++;
    onFile(key, true);
  }
  return counts;
}
