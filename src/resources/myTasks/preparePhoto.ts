import { MAX_PHOTO_EDGE } from '../../../contract/api/tasks';

/** Photos drawn again before they are sent: a browser decodes these, and a canvas writes them back. */
const REDRAWN = new Set(['image/jpeg', 'image/webp', 'image/png']);

/**
 * A photo as it should leave the phone: at most MAX_PHOTO_EDGE on its longest side (store
 * Wi-Fi is slow and a 12 MP photo is 4–8 MB), upright (the browser applies the EXIF orientation
 * when it decodes), and without its EXIF, so the phone's GPS position is not sent. Drawing on a
 * canvas does all three: the file written back holds pixels only. A PNG that needs no scaling is
 * sent as it is (screenshots; a redraw would only grow it). Anything the browser cannot decode
 * (HEIC outside Safari) is sent unchanged: the photo matters more than its size.
 */
export async function preparePhoto(file: File): Promise<File> {
  if (!REDRAWN.has(file.type) || typeof createImageBitmap !== 'function') return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file;
  }
  try {
    const scale = Math.min(1, MAX_PHOTO_EDGE / Math.max(bitmap.width, bitmap.height));
    if (scale === 1 && file.type === 'image/png') return file;
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    const context = canvas.getContext('2d');
    if (!context) return file;
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, file.type, 0.85));
    if (!blob) return file;
    return new File([blob], file.name, { type: blob.type, lastModified: file.lastModified });
  } finally {
    bitmap.close();
  }
}
