import sharp from 'sharp';

/** The longest edge of a thumbnail: sharp at twice the largest tile the screens draw (a 200 px grid cell). */
export const THUMBNAIL_EDGE = 400;

/** Thumbnails are WebP: every supported browser shows it, and it is a third of a JPEG's size at this scale. */
export const THUMBNAIL_MIME = 'image/webp';

// One libvips thread per image: a burst of thumbnails shares the cores with the requests around it.
sharp.concurrency(1);

/**
 * A small, upright copy of a photo for lists and grids: turned by its EXIF orientation, fitted
 * inside THUMBNAIL_EDGE without enlarging, and carrying no metadata (sharp writes none unless
 * asked, so a phone's GPS position never reaches a reviewer's screen through a thumbnail).
 * Undefined when the photo cannot be decoded here (HEIC from an iPhone: the prebuilt libvips
 * reads HEIF's AVIF flavour only), and the screens then show the photo's name instead.
 */
export async function makeThumbnail(photo: Buffer): Promise<Buffer | undefined> {
  try {
    return await sharp(photo, { failOn: 'error', limitInputPixels: 100_000_000 })
      .rotate()
      .resize({ width: THUMBNAIL_EDGE, height: THUMBNAIL_EDGE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 72 })
      .toBuffer();
  } catch {
    return undefined;
  }
}
