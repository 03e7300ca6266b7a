import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app';
import { PNG } from './helpers/files';

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

const MB = 1024 * 1024;

/** A PDF's signature: a task file of the document kind, whose limit is higher than a photo's. */
const PDF = Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1');

const ROUTES = [
  { url: '/api/theme/logo/upload', limit: 2 * MB, head: PNG },
  { url: '/api/profile/upload-avatar', limit: 5 * MB, head: PNG },
  { url: '/api/user/task/upload', limit: 10 * MB, head: PNG },
  { url: '/api/user/task/upload', limit: 20 * MB, head: PDF },
] as const;

/**
 * Tries per size one byte past the limit: a file cut at the limit was sometimes answered 200
 * with its first bytes kept, depending on where the cut fell in the stream's chunks.
 */
const TRIES = 20;

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

function form(data: Buffer, head: Buffer = PNG) {
  const [type, name] = head === PDF ? ['application/pdf', 'big.pdf'] : ['image/png', 'big.png'];
  const body = new FormData();
  body.append('file', new Blob([new Uint8Array(data)], { type }), name);
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

/**
 * A file one byte past `limit`, sent as a client on a slow link does: the first `limit` bytes of
 * the file, a pause, then the last byte and the closing boundary. The parser then sees the file's
 * data end exactly at the limit and the extra byte arrive alone: the cut that once went unnoticed.
 */
async function postCutAtTheLimit(url: string, head: Buffer, limit: number) {
  const token = await t.tokenFor('owner@acme.test');
  const [type, name] = head === PDF ? ['application/pdf', 'cut.pdf'] : ['image/png', 'cut.png'];
  const boundary = 'storelineCut';
  const opening = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const data = Buffer.concat([head, Buffer.alloc(limit + 1 - head.length)]);
  const closing = Buffer.from(`\r\n--${boundary}--\r\n`);
  const first = Buffer.concat([opening, data.subarray(0, limit)]);
  const rest = Buffer.concat([data.subarray(limit), closing]);
  return new Promise<number>((resolve, reject) => {
    const req = request(`${base}${url}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': first.length + rest.length,
      },
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    // The server may answer 413 before the body is whole and close the connection.
    req.on('error', (err: NodeJS.ErrnoException) => (err.code === 'ECONNRESET' ? resolve(413) : reject(err)));
    req.write(first, () => setTimeout(() => req.end(rest), 100));
  });
}

describe('oversize uploads', () => {
  for (const { url, limit, head } of ROUTES) {
    const file = (size: number) => form(Buffer.concat([head, Buffer.alloc(size - head.length)]), head);
    it(`${url} (${limit / MB} MB): one byte past the limit, every time, and far past it are 413, keeping nothing`, async () => {
      const before = storedFiles();
      for (const size of [...Array<number>(TRIES).fill(limit + 1), 30 * MB]) {
        const res = await post(url, file(size));
        expect(res.status, `${size} bytes`).toBe(413);
      }
      for (let i = 0; i < 3; i++)
        expect(await postCutAtTheLimit(url, head, limit), 'cut exactly at the limit').toBe(413);
      expect(storedFiles()).toEqual(before);
      // At the limit it is fine.
      const exact = await post(url, file(limit));
      expect(exact.status).toBe(200);
    }, 120_000);
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
