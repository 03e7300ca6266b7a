import { fileTypeFromBuffer } from 'file-type';

export type DetectedType =
  | { ext: 'png'; mime: 'image/png' }
  | { ext: 'jpg'; mime: 'image/jpeg' }
  | { ext: 'webp'; mime: 'image/webp' }
  | { ext: 'svg'; mime: 'image/svg+xml' };

/** An SVG document: optional BOM, XML declaration, comments and doctype, then an <svg> root. */
function looksLikeSvg(data: Buffer): boolean {
  const head = data
    .subarray(0, 4096)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  const prolog =
    /^\s*(?:<\?xml[^>]*\?>\s*)?(?:<!--[\s\S]*?-->\s*|<!DOCTYPE[^>[]*(?:\[[\s\S]*?\])?\s*>\s*)*<svg[\s>]/i;
  return prolog.test(head);
}

const RASTER: Record<string, DetectedType> = {
  'image/png': { ext: 'png', mime: 'image/png' },
  'image/jpeg': { ext: 'jpg', mime: 'image/jpeg' },
  'image/webp': { ext: 'webp', mime: 'image/webp' },
};

/** The media types of the pictures answered: the rasters, and SVG (logos only). */
export const RASTER_TYPES: readonly string[] = Object.keys(RASTER);
export const IMAGE_TYPES: readonly string[] = [...RASTER_TYPES, 'image/svg+xml'];

/**
 * What an image is by its content, never its name: PNG, JPEG or WebP by their signatures
 * (file-type), or an SVG document; undefined otherwise.
 */
export async function detectFileType(data: Buffer): Promise<DetectedType | undefined> {
  const found = await fileTypeFromBuffer(data);
  const raster = found && RASTER[found.mime];
  if (raster) return raster;
  // file-type reads an SVG with an XML declaration as XML: the prolog check decides.
  return looksLikeSvg(data) ? { ext: 'svg', mime: 'image/svg+xml' } : undefined;
}
