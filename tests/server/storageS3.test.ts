import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { openFileStorage } from '../../server/lib/openFileStorage';
import { S3FileStorage, s3Client } from '../../server/lib/s3Storage';
import { type FileStorage, LocalFileStorage, readWhole } from '../../server/lib/storage';
import { OWNER } from './helpers/acmePeople';
import type { TestApp } from './helpers/app';
import { fileForm, PNG } from './helpers/files';
import { importCalls } from './helpers/imports';
import { S3_CREDENTIALS, startS3, type TestS3, useCredentials } from './helpers/s3';
import { openTwoProcesses, type TwoProcesses } from './helpers/secondProcess';

/*
 * Files in an S3-compatible bucket (s3rver, started in a process of its own on a free port): the
 * FileStorage contract on both implementations, two API processes with their own DATA_DIR sharing
 * one bucket, and a start that stops at once on a bucket it cannot use.
 */

const execFileAsync = promisify(execFile);

let s3: TestS3;
let restoreCredentials: () => void;
beforeAll(async () => {
  s3 = await startS3();
  restoreCredentials = useCredentials(S3_CREDENTIALS);
});
afterAll(async () => {
  restoreCredentials?.();
  await s3?.stop();
});

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const collect = async (keys: AsyncIterable<string>) => {
  const all: string[] = [];
  for await (const key of keys) all.push(key);
  return all.sort();
};

/** Polls `condition` until it holds (true) or a generous bound passes (false): never a timing claim. */
async function eventually(condition: () => boolean | Promise<boolean>, boundMs = 30_000) {
  const until = Date.now() + boundMs;
  while (Date.now() < until) {
    if (await condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return false;
}

interface Subject {
  storage: FileStorage;
  /** Whether some of a stream being put has already reached the store (a draft file, an uploaded part). */
  partlyWritten(key: string): boolean;
  close(): void;
}

function localSubject(): Subject {
  const root = mkdtempSync(path.join(tmpdir(), 'storeline-files-'));
  return {
    storage: new LocalFileStorage(root),
    partlyWritten: (key) => {
      const folder = path.join(root, ...key.split('/').slice(0, -1));
      if (!existsSync(folder)) return false;
      return readdirSync(folder).some(
        (name) => name.endsWith('.tmp') && statSync(path.join(folder, name)).size > 0,
      );
    },
    close: () => rmSync(root, { recursive: true, force: true }),
  };
}

function s3Subject(): Subject {
  const location = s3.storage(`contract-${randomBytes(4).toString('hex')}`);
  const client = s3Client(location, { credentials: S3_CREDENTIALS });
  let partsSent = 0;
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const result = await next(args);
      if (context.commandName === 'UploadPartCommand') partsSent++;
      return result;
    },
    { step: 'initialize', name: 'countUploadedParts' },
  );
  return {
    storage: new S3FileStorage(client, location),
    partlyWritten: () => partsSent > 0,
    close: () => client.destroy(),
  };
}

describe.each([
  ['a local directory', localSubject],
  ['an S3 bucket', s3Subject],
])('FileStorage on %s', (_, make) => {
  let subject: Subject;
  beforeAll(() => {
    subject = make();
  });
  afterAll(() => subject?.close());

  it('keeps, answers, streams, lists and deletes files by key', async () => {
    const { storage } = subject;
    await storage.check();
    await storage.put('logos/3/a.png', PNG);
    await storage.put('logos/3/b.png', Readable.from([Buffer.from('from '), Buffer.from('a stream')]));
    await storage.put('logos/30/c.png', Buffer.from('c'));
    await storage.put('avatars/d', Buffer.from('d'));

    expect(await storage.get('logos/3/a.png')).toEqual(PNG);
    expect((await storage.get('logos/3/b.png'))?.toString()).toBe('from a stream');
    const opened = await storage.open('logos/3/a.png');
    expect(opened?.size).toBe(PNG.length);
    expect(await readWhole(opened!.stream)).toEqual(PNG);

    expect(await collect(storage.list())).toEqual([
      'avatars/d',
      'logos/3/a.png',
      'logos/3/b.png',
      'logos/30/c.png',
    ]);
    expect(await collect(storage.list('logos/3/'))).toEqual(['logos/3/a.png', 'logos/3/b.png']);
    expect(await collect(storage.list('logos/3'))).toEqual([
      'logos/3/a.png',
      'logos/3/b.png',
      'logos/30/c.png',
    ]);
    expect(await collect(storage.list('nothing/here/'))).toEqual([]);

    // Replacing, then deleting; deleting what is not there is no error.
    await storage.put('avatars/d', Buffer.from('d2'));
    expect((await storage.get('avatars/d'))?.toString()).toBe('d2');
    await storage.delete('avatars/d');
    await storage.delete('avatars/d');
    expect(await storage.get('avatars/d')).toBeUndefined();
    expect(await storage.open('avatars/d')).toBeUndefined();
    expect(await collect(storage.list('avatars/'))).toEqual([]);
  });

  it('answers nothing for a missing key and refuses keys that leave the store', async () => {
    const { storage } = subject;
    expect(await storage.get('task-files/1/missing')).toBeUndefined();
    expect(await storage.open('task-files/1/missing')).toBeUndefined();
    for (const key of ['../outside', '/etc/passwd', 'a/../../b', 'a//b', '.hidden'])
      await expect(storage.put(key, Buffer.from('x')), key).rejects.toThrow(/Invalid storage key/);
  });

  it('writes a large stream as it comes, without holding the whole file first', async () => {
    const { storage } = subject;
    const key = 'imports/1/large.csv';
    const chunk = (i: number) => Buffer.alloc(256 * 1024, i % 251);
    const chunks = 48; // 12 MB: more than two 5 MB parts
    let writtenBeforeEnd = false;
    async function* source() {
      for (let i = 0; i < chunks; i++) {
        // Halfway (past one whole part), wait until the store holds some of it: a put that
        // gathered the whole stream before writing would never get there, and the check fails.
        if (i === chunks / 2 + 4) writtenBeforeEnd = await eventually(() => subject.partlyWritten(key));
        yield chunk(i);
      }
    }
    await storage.put(key, Readable.from(source()));
    expect(writtenBeforeEnd).toBe(true);

    const expected = Buffer.concat(Array.from({ length: chunks }, (_, i) => chunk(i)));
    const opened = await storage.open(key);
    expect(opened?.size).toBe(expected.length);
    expect(sha256(await readWhole(opened!.stream))).toBe(sha256(expected));
    expect(await collect(storage.list('imports/1/'))).toEqual([key]);
  });
});

describe('starting on a bucket it cannot use', () => {
  const env = () => ({ STORAGE_URL: `s3://${s3.bucket}/start`, S3_ENDPOINT: s3.endpoint });

  it('starts on a bucket it can use', async () => {
    const files = await openFileStorage(loadConfig(env()));
    await files.put('logos/1/x.png', PNG);
    expect(await files.get('logos/1/x.png')).toEqual(PNG);
  });

  it('fails at once, naming the missing bucket and what to set', async () => {
    await expect(
      openFileStorage(loadConfig({ ...env(), STORAGE_URL: 's3://no-such-bucket/files' })),
    ).rejects.toThrow(
      /S3 bucket "no-such-bucket" does not exist at http:\/\/127\.0\.0\.1:\d+: .*STORAGE_URL/,
    );
  });

  it('fails at once on credentials the server does not know, saying what to set', async () => {
    const restore = useCredentials({ accessKeyId: 'NOT-A-KEY', secretAccessKey: 'wrong' });
    try {
      await expect(openFileStorage(loadConfig(env()))).rejects.toThrow(
        /S3 refused access to the bucket "storeline-test" .*AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY/,
      );
    } finally {
      restore();
    }
  });

  it('fails at once on a local directory it cannot write', async () => {
    // A plain file where the directory should be (permissions would not stop root, who runs CI).
    const parent = mkdtempSync(path.join(tmpdir(), 'storeline-not-a-dir-'));
    writeFileSync(path.join(parent, 'files'), 'a file, not a directory');
    try {
      await expect(openFileStorage(loadConfig({ STORAGE_URL: path.join(parent, 'files') }))).rejects.toThrow(
        /directory .* cannot be written .*set STORAGE_URL/,
      );
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  });
});

describe('two API processes with their own DATA_DIR sharing one bucket', () => {
  let a: TestApp;
  let b: TestApp;
  let processes: TwoProcesses;
  const dataDirs: string[] = [];
  const storage = () => s3.storage('estate');

  beforeAll(async () => {
    // Each process a DATA_DIR of its own, both on the one bucket.
    processes = await openTwoProcesses(() => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'storeline-process-'));
      dataDirs.push(dataDir);
      return { dataDir, storage: storage() };
    });
    ({ a, b } = processes);
  });
  afterAll(async () => {
    await processes?.close();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  async function uploaded(app: TestApp, url: string, data: Buffer | string, filename: string) {
    const res = await app.injectAs(OWNER, { method: 'POST', url, payload: fileForm(data, filename) });
    expect(res.statusCode, `${url} ${res.body}`).toBe(200);
    return res.json().data;
  }

  it('serves a logo and an avatar uploaded through the other process, streamed with their length', async () => {
    const { url } = await uploaded(a, '/api/theme/logo/upload', PNG, 'logo.png');
    const logo = await b.inject({ url });
    expect(logo.statusCode).toBe(200);
    expect(logo.rawPayload).toEqual(PNG);
    expect(logo.headers['content-length']).toBe(String(PNG.length));
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const avatarPng = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3a6' } })
      .png()
      .toBuffer();
    const { hash, avatar_url } = await uploaded(a, '/api/profile/upload-avatar', avatarPng, 'me.png');
    const avatar = await b.inject({ url: avatar_url });
    expect(avatar.statusCode).toBe(200);
    expect(avatar.headers['content-type']).toBe('image/png');
    expect(avatar.headers['content-length']).toBe(String(avatarPng.length));
    expect(avatar.rawPayload).toEqual(avatarPng);
    // The other process knows the picture exists when it is chosen as the avatar.
    const saved = await b.injectAs(OWNER, {
      method: 'PUT',
      url: '/api/profile/update',
      payload: { avatar: hash },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.avatar_url).toBe(avatar_url);
  });

  it('serves a task photo and its thumbnail across processes, whichever made the thumbnail', async () => {
    const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#c33' } })
      .jpeg()
      .toBuffer();
    const { hash } = await uploaded(a, '/api/user/task/upload', photo, 'endcap.jpg');
    const download = await b.injectAs(OWNER, { url: '/api/task/attachments/download', query: { hash } });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload).toEqual(photo);
    expect(download.headers['content-length']).toBe(String(photo.length));
    expect(download.headers['content-disposition']).toMatch(/^inline; filename="endcap.jpg"/);
    expect(download.headers['cache-control']).toBe('private, max-age=3600');

    // Made by B on first ask and kept in the bucket; A then sends the kept one.
    const made = await b.injectAs(OWNER, { url: '/api/task/attachments/thumbnail', query: { hash } });
    expect(made.statusCode).toBe(200);
    expect(made.headers['content-type']).toBe('image/webp');
    const kept = await a.injectAs(OWNER, { url: '/api/task/attachments/thumbnail', query: { hash } });
    expect(kept.statusCode).toBe(200);
    expect(kept.rawPayload).toEqual(made.rawPayload);
    expect(kept.headers['content-length']).toBe(String(made.rawPayload.length));
    expect(kept.headers['cache-control']).toBe('private, max-age=86400, immutable');
  });

  it('runs an import uploaded through one process on the other, and both serve the file and its report', async () => {
    const onA = importCalls(a, 'user');
    const onB = importCalls(b, 'user');
    const template = await onA.get(OWNER, 'template', { format: 'csv' });
    const { file } = await onA.uploaded(OWNER, template.rawPayload, 'people.csv');
    expect((await onA.run(OWNER, file.filename)).statusCode).toBe(200);
    // B's worker reads the file A stored and stores the report.
    await b.app.jobs.drain();
    expect((await onA.get(OWNER, 'progress', { filename: file.filename })).json().data).toMatchObject({
      state: 'imported',
      created: 1,
    });

    const original = await onB.get(OWNER, 'download', { filename: file.filename });
    expect(original.statusCode).toBe(200);
    expect(original.rawPayload).toEqual(template.rawPayload);
    expect(original.headers['content-length']).toBe(String(template.rawPayload.length));
    expect(original.headers['content-disposition']).toMatch(/^attachment; filename="people.csv"/);

    expect((await onA.resultRows(OWNER, file.filename)).map((row) => row.action)).toEqual(['created']);
    const report = await onB.get(OWNER, 'result', { filename: file.filename, format: 'csv' });
    expect(report.statusCode).toBe(200);
    expect(report.headers['content-disposition']).toMatch(/^attachment; filename="people - result.csv"/);
  });

  it('kept every file in the bucket and none in either DATA_DIR', async () => {
    const bucket = new S3FileStorage(s3Client(storage(), { credentials: S3_CREDENTIALS }), storage());
    const kinds = new Set((await collect(bucket.list())).map((key) => key.split('/')[0]));
    expect([...kinds].sort()).toEqual(['avatars', 'imports', 'logos', 'task-files']);
    for (const dir of dataDirs) expect(existsSync(path.join(dir, 'files')), dir).toBe(false);
  });
});

describe('npm run storage:copy', () => {
  const run = (source: string) =>
    execFileAsync(process.execPath, ['--import', 'tsx', 'server/cli/copyFiles.ts', source], {
      env: { ...process.env, STORAGE_URL: `s3://${s3.bucket}/moved`, S3_ENDPOINT: s3.endpoint },
    }).then(({ stdout }) => stdout.trim().split('\n').at(-1));

  it('copies a local store into the bucket, then only what is missing or differs', async () => {
    const source = mkdtempSync(path.join(tmpdir(), 'storeline-copy-'));
    try {
      const local = new LocalFileStorage(source);
      await local.put('logos/1/a.png', PNG);
      await local.put('task-files/1/b', Buffer.alloc(3 * 1024 * 1024, 7));
      await local.put('imports/1/user/2.csv', Buffer.from('first_name\nAda\n'));
      expect(await run(source)).toBe(
        `3 files in ${source}: 3 copied, 0 already in s3://${s3.bucket}/moved/ at ${s3.endpoint}`,
      );

      const bucket = s3.storage('moved');
      const target = new S3FileStorage(s3Client(bucket, { credentials: S3_CREDENTIALS }), bucket);
      expect(await collect(target.list())).toEqual([
        'imports/1/user/2.csv',
        'logos/1/a.png',
        'task-files/1/b',
      ]);
      expect(await target.get('logos/1/a.png')).toEqual(PNG);

      expect(await run(source)).toMatch(/: 0 copied, 3 already in/);
      // Same size, other bytes: copied again; a new file: copied.
      await local.put('imports/1/user/2.csv', Buffer.from('first_name\nBob\n'));
      await local.put('avatars/c', PNG);
      expect(await run(source)).toMatch(/: 2 copied, 2 already in/);
      expect((await target.get('imports/1/user/2.csv'))?.toString()).toContain('Bob');
    } finally {
      rmSync(source, { recursive: true, force: true });
    }
  });
});
