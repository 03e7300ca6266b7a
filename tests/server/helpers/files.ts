import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestApp, suiteApp, type TestApp } from './app';

/**
 * The head of a 1×1 PNG: enough for every upload, which recognises a picture by its content
 * (file-type reads the signature and the IHDR chunk), never by its name.
 */
export const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d49484452000000010000000108060000001f15c489', 'hex'),
]);

/** The heads of a JPEG and a WebP: pictures an image upload takes by their signature. */
export const JPEG_HEAD = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]);
export const WEBP_HEAD = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([0x24, 0, 0, 0]),
  Buffer.from('WEBPVP8 '),
]);

/** A multipart body with one file, named and typed as a browser would send it. */
export function fileForm(data: Buffer | string, filename: string, type = 'application/octet-stream') {
  const body = new FormData();
  body.append('file', new Blob([typeof data === 'string' ? data : new Uint8Array(data)], { type }), filename);
  return body;
}

/** A test app storing its files in a temporary folder of its own, which goes when the app closes. */
async function createAppWithFiles(prefix: string): Promise<TestApp & { dataDir: string }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), prefix));
  const t = await createTestApp({ dataDir });
  return {
    ...t,
    dataDir,
    close: async () => {
      await t.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The suite's app (suiteApp) storing its files in a temporary folder of its own, `dataDir`. */
export const appWithFiles = (prefix: string) => suiteApp(() => createAppWithFiles(prefix));
