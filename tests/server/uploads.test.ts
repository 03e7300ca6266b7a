import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app';

/**
 * Every upload route alike: a file over the route's limit is a 413 and leaves nothing behind (not
 * its first megabytes), and a body that only claims to be multipart is a 400, never a 500.
 */
let t: TestApp;
let dataDir: string;
let base: string;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'storeline-uploads-'));
  t = await createTestApp({ dataDir });
  // Over a real socket too: a client streaming a large body is not what inject() does.
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d49484452000000010000000108060000001f15c489', 'hex'),
]);
const MB = 1024 * 1024;

const ROUTES = [
  { url: '/api/theme/logo/upload', limit: 2 * MB },
  { url: '/api/profile/upload-avatar', limit: 5 * MB },
  { url: '/api/user/task/upload', limit: 10 * MB },
] as const;

/** Every file kept under the data directory, wherever a module keeps it. */
function storedFiles(dir = path.join(dataDir, 'files')): string[] {
  let entries: import('node:fs').Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((e) =>
    e.isDirectory() ? storedFiles(path.join(dir, e.name)) : [path.join(dir, e.name)],
  );
}

function form(data: Buffer) {
  const body = new FormData();
  body.append('file', new Blob([new Uint8Array(data)], { type: 'image/png' }), 'big.png');
  return body;
}

async function post(url: string, body: FormData | string, contentType?: string) {
  const token = await t.tokenFor('owner@acme.test');
  const res = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, ...(contentType ? { 'content-type': contentType } : {}) },
    body,
  });
  return { status: res.status, body: (await res.json()) as { message?: string; output?: string } };
}

describe('oversize uploads', () => {
  for (const { url, limit } of ROUTES) {
    it(`${url}: one byte past the limit and far past it are 413, keeping nothing`, async () => {
      const before = storedFiles();
      for (const size of [limit + 1, 30 * MB]) {
        const res = await post(url, form(Buffer.concat([PNG, Buffer.alloc(size - PNG.length)])));
        expect(res.status, `${size} bytes`).toBe(413);
      }
      expect(storedFiles()).toEqual(before);
      // At the limit it is fine.
      const exact = await post(url, form(Buffer.concat([PNG, Buffer.alloc(limit - PNG.length)])));
      expect(exact.status).toBe(200);
    });
  }
});

const B = 'storelineBoundary42';
const part = (eol: string) =>
  [
    `--${B}`,
    'Content-Disposition: form-data; name="file"; filename="a.png"',
    'Content-Type: image/png',
    '',
    PNG.toString('latin1'),
    `--${B}--`,
    '',
  ].join(eol);

const MALFORMED: [string, string, string][] = [
  ['no boundary', 'multipart/form-data', part('\r\n')],
  ['an empty boundary', 'multipart/form-data; boundary=', part('\r\n')],
  ['another boundary than the body uses', 'multipart/form-data; boundary=somethingElse', part('\r\n')],
  ['a part cut off before its end', `multipart/form-data; boundary=${B}`, part('\r\n').slice(0, 120)],
  ['a part cut off in its headers', `multipart/form-data; boundary=${B}`, `--${B}\r\nContent-Disp`],
  ['LF line ends', `multipart/form-data; boundary=${B}`, part('\n')],
  ['an empty body', `multipart/form-data; boundary=${B}`, ''],
  ['only the closing boundary', `multipart/form-data; boundary=${B}`, `--${B}--\r\n`],
  [
    'a field and no file',
    `multipart/form-data; boundary=${B}`,
    `--${B}\r\nContent-Disposition: form-data; name="x"\r\n\r\n1\r\n--${B}--\r\n`,
  ],
];

describe('malformed multipart', () => {
  for (const { url } of ROUTES) {
    it(`${url}: is a 400 with a message, keeping nothing`, async () => {
      const before = storedFiles();
      for (const [what, contentType, body] of MALFORMED) {
        const res = await post(url, body, contentType);
        expect(res.status, what).toBe(400);
        expect(res.body.message ?? res.body.output, what).toBeTruthy();
      }
      expect(storedFiles()).toEqual(before);
    });
  }
});
