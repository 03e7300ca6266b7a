import { createHash } from 'node:crypto';
import { badRequest } from '../../lib/errors';
import { type DetectedType, detectFileType } from '../../lib/imageType';
import { SvgError, sanitizeSvg } from '../../lib/sanitize';
import type { FileStorage } from '../../lib/storage';

/** Logos are small: a 2 MB ceiling keeps the app bar fast on a phone. */
export const MAX_LOGO_BYTES = 2 * 1024 * 1024;

const URL_PREFIX = '/api/theme/logo/';
const FILE_NAME = /^[a-f0-9]{32}\.(png|jpg|webp|svg)$/;

const MIME_BY_EXT: Record<string, DetectedType['mime']> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  svg: 'image/svg+xml',
};

const storageKey = (tenantId: number, file: string) => `logos/${tenantId}/${file}`;

/** The URL a stored logo is served at; the theme's logo setting (id 1) holds it. */
export const logoUrl = (tenantId: number, file: string) => `${URL_PREFIX}${tenantId}/${file}`;

/** The file name of one of this tenant's stored logos, from a logo setting value; else undefined. */
export function ownLogoFile(tenantId: number, value: string): string | undefined {
  const prefix = `${URL_PREFIX}${tenantId}/`;
  if (!value.startsWith(prefix)) return undefined;
  const file = value.slice(prefix.length);
  return FILE_NAME.test(file) ? file : undefined;
}

const NOT_AN_IMAGE = 'Upload the logo as a PNG, SVG, JPEG or WebP image';

/**
 * Checks an upload by its content, cleans an SVG, and stores it under a name made from its bytes:
 * the same logo uploaded twice is one file, and its URL can be cached forever.
 */
export async function storeLogo(files: FileStorage, tenantId: number, data: Buffer) {
  const type = await detectFileType(data);
  if (!type) throw badRequest(NOT_AN_IMAGE, { file: NOT_AN_IMAGE });
  let bytes = data;
  if (type.ext === 'svg') {
    try {
      bytes = Buffer.from(sanitizeSvg(data.toString('utf8')), 'utf8');
    } catch (error) {
      if (!(error instanceof SvgError)) throw error;
      const message = `This SVG file could not be read (${error.message}); export it again as plain SVG`;
      throw badRequest(message, { file: message });
    }
  }
  const file = `${createHash('sha256').update(bytes).digest('hex').slice(0, 32)}.${type.ext}`;
  await files.put(storageKey(tenantId, file), bytes);
  return { url: logoUrl(tenantId, file), mime: type.mime, size: bytes.length };
}

/** A stored logo with its content type, or undefined for unknown names. */
export async function readLogo(files: FileStorage, tenantId: number, file: string) {
  if (!FILE_NAME.test(file)) return undefined;
  const stored = await files.open(storageKey(tenantId, file));
  if (!stored) return undefined;
  return { stored, mime: MIME_BY_EXT[file.split('.').pop() ?? ''] ?? 'application/octet-stream' };
}

export async function deleteLogo(files: FileStorage, tenantId: number, file: string) {
  await files.delete(storageKey(tenantId, file));
}
