import { createHash } from 'node:crypto';
import { badRequest } from '../../lib/errors';
import { detectFileType } from '../../lib/imageType';
import { type FileStorage, peekHead } from '../../lib/storage';
import { avatarUrl } from '../session/service';

export const MAX_AVATAR_BYTES = 5 * 1024 * 1024;
export const AVATAR_HASH = /^[a-f0-9]{64}$/;

const NOT_A_PHOTO = 'Upload the picture as a PNG, JPEG or WebP image';
const PHOTO_TYPES = new Set(['png', 'jpg', 'webp']);

/**
 * Avatars are stored under the SHA-256 of their bytes, the "upload hash" of spec §3: the same
 * picture is one file, its URL never changes (so browsers cache it for good), and the URL cannot
 * be guessed. SVG is refused — a picture of a person needs no scripts.
 */
const storageKey = (hash: string) => `avatars/${hash}`;

export async function storeAvatar(files: FileStorage, data: Buffer) {
  const type = await detectFileType(data);
  if (!type || !PHOTO_TYPES.has(type.ext)) throw badRequest(NOT_A_PHOTO, { file: NOT_A_PHOTO });
  const hash = createHash('sha256').update(data).digest('hex');
  await files.put(storageKey(hash), data);
  return { hash, avatar_url: avatarUrl(hash)! };
}

/** Enough of a picture for file-type to tell PNG, JPEG and WebP apart. */
const HEAD_BYTES = 4100;

/** The stored picture as a stream, with its type read from its first bytes (it is sent as it is read). */
export async function readAvatar(files: FileStorage, hash: string) {
  if (!AVATAR_HASH.test(hash)) return undefined;
  const stored = await files.open(storageKey(hash));
  if (!stored) return undefined;
  const { head, stream } = await peekHead(stored.stream, HEAD_BYTES);
  const mime = (await detectFileType(head))?.mime ?? 'application/octet-stream';
  return { stored: { stream, size: stored.size }, mime };
}

export async function avatarExists(files: FileStorage, hash: string) {
  if (!AVATAR_HASH.test(hash)) return false;
  const stored = await files.open(storageKey(hash));
  // Only whether it is there: the bytes are not read.
  stored?.stream.destroy();
  return stored !== undefined;
}
