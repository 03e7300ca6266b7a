import { readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { OWNER } from './helpers/acmePeople';
import { appWithFiles } from './helpers/files';
import { taskKit } from './helpers/tasks';

const t = appWithFiles('storeline-thumbnails-');
const k = taskKit(t);

/**
 * A phone's photo: 1200×800 pixels stored on their side with EXIF orientation 6 (turn 90°
 * clockwise to view), and a GPS position in its EXIF.
 */
const phonePhoto = (colour: string) =>
  sharp({ create: { width: 1200, height: 800, channels: 3, background: colour } })
    .jpeg()
    .withExif({ IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '33/1 52/1 0/1' } })
    .withMetadata({ orientation: 6 })
    .toBuffer();

function form(data: Buffer, filename: string) {
  const body = new FormData();
  body.append('file', new Blob([new Uint8Array(data)]), filename);
  return body;
}
const upload = async (as: string, data: Buffer, name: string) =>
  (await t.injectAs(as, { method: 'POST', url: '/api/user/task/upload', payload: form(data, name) })).json()
    .data as { hash: string };
/** The thumbnails kept in the data directory, by file name. */
const keptThumbnails = () =>
  readdirSync(path.join(t.dataDir, 'files'), { recursive: true, encoding: 'utf8' })
    .map((file) => path.basename(file))
    .filter((name) => name.includes('.thumb-'));
const thumbnail = (as: string, hash: string) =>
  t.injectAs(as, { url: '/api/task/attachments/thumbnail', query: { hash } });

describe('GET /api/task/attachments/thumbnail', () => {
  it('answers an upright WebP of at most 400 px with no metadata, and keeps it beside the photo', async () => {
    const photo = await phonePhoto('#c62828');
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const { hash } = await upload(OWNER, photo, 'fridge.jpg');

    const res = await thumbnail(OWNER, hash);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    const meta = await sharp(res.rawPayload).metadata();
    // Turned by its orientation: the 1200×800 sensor image is a portrait 267×400.
    expect([meta.width, meta.height]).toEqual([267, 400]);
    expect(meta.orientation).toBeUndefined();
    expect(meta.exif).toBeUndefined();
    expect(res.rawPayload.length).toBeLessThan(photo.length);

    expect(keptThumbnails().filter((name) => name.startsWith(hash))).toEqual([`${hash}.thumb-400.webp`]);
    const again = await thumbnail(OWNER, hash);
    expect(again.rawPayload.equals(res.rawPayload)).toBe(true);
  });

  it('never enlarges a small photo', async () => {
    const small = await sharp({ create: { width: 120, height: 90, channels: 3, background: '#2e7d32' } })
      .png()
      .toBuffer();
    const { hash } = await upload(OWNER, small, 'label.png');
    const meta = await sharp((await thumbnail(OWNER, hash)).rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([120, 90]);
  });

  it('follows the photo’s own rule: the uploader, those who see its task, and 404 for everyone else', async () => {
    const { hash } = await upload(OWNER, await phonePhoto('#1565c0'), 'endcap.jpg');
    expect((await thumbnail('staff@acme.test', hash)).statusCode).toBe(404);
    const id = k.data(await k.create(OWNER, await k.body({ attachments: [hash] }))).id;
    await k.publish(OWNER, id);
    expect((await thumbnail('staff@acme.test', hash)).statusCode).toBe(200);
    expect((await thumbnail('owner@globex.test', hash)).statusCode).toBe(404);
    expect((await t.inject({ url: '/api/task/attachments/thumbnail', query: { hash } })).statusCode).toBe(
      401,
    );
    expect((await thumbnail(OWNER, 'not-a-hash')).statusCode).toBe(404);
  });

  it('answers 404 for a document and for a photo it cannot decode, and keeps nothing for them', async () => {
    const pdf = Buffer.from(
      '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
    );
    const doc = await upload(OWNER, pdf, 'plan.pdf');
    const res = await thumbnail(OWNER, doc.hash);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Preview not found');
    // A JPEG's head and nothing after it: recognised as a photo, but no picture to scale.
    const broken = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]),
      Buffer.alloc(64, 7),
    ]);
    const bad = await upload(OWNER, broken, 'half.jpg');
    expect((await thumbnail(OWNER, bad.hash)).statusCode).toBe(404);
    expect(keptThumbnails().filter((name) => name.startsWith(bad.hash) || name.startsWith(doc.hash))).toEqual(
      [],
    );
  });
});
