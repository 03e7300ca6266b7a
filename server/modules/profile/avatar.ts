import { createHash } from 'node:crypto';
import { badRequest } from '../../lib/errors';
import { detectFileType } from '../../lib/imageType';
import type { FileStorage } from '../../lib/storage';
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

export async function readAvatar(files: FileStorage, hash: string) {
  if (!AVATAR_HASH.test(hash)) return undefined;
  const data = await files.get(storageKey(hash));
  if (!data) return undefined;
  return { data, mime: (await detectFileType(data))?.mime ?? 'application/octet-stream' };
}

export async function avatarExists(files: FileStorage, hash: string) {
  return AVATAR_HASH.test(hash) && (await files.get(storageKey(hash))) !== undefined;
}
