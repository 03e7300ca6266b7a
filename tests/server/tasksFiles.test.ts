import { existsSync } from 'node:fs';
import path from 'node:path';
import { count } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { taskFiles } from '../../server/db/schema';
import { OWNER } from './helpers/acmePeople';
import { appWithFiles, PNG } from './helpers/files';
import { localDate } from './helpers/taskRows';
import { taskKit } from './helpers/tasks';

const t = appWithFiles('storeline-task-files-');
const k = taskKit(t);
beforeAll(async () => {
  await k.org.addUser('geelong.staff@acme.test', 'Geelong', 'Team Member');
});

const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]),
  Buffer.alloc(32),
]);
const HEIC = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypheic'),
  Buffer.from([0, 0, 0, 0]),
  Buffer.from('mif1heic'),
  Buffer.alloc(32),
]);
/** A small PDF; `label` makes its bytes (and so its hash) unique to a test. */
const pdf = (label: string) =>
  Buffer.from(
    `%PDF-1.4\n% ${label}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
  );
const PDF = pdf('first');

function form(data: Buffer | string, filename: string) {
  const body = new FormData();
  body.append('file', new Blob([typeof data === 'string' ? data : new Uint8Array(data)]), filename);
  return body;
}
const upload = (as: string, payload: FormData | Record<string, unknown>) =>
  t.injectAs(as, { method: 'POST', url: '/api/user/task/upload', payload });
const download = (as: string, hash: string) =>
  t.injectAs(as, { url: '/api/task/attachments/download', query: { hash } });
const fileCount = async () => (await t.database.db.select({ n: count() }).from(taskFiles))[0]!.n;

describe('POST /api/user/task/upload', () => {
  it('stores photos and documents by content and answers {hash, name, size, mime}', async () => {
    const png = await upload(OWNER, form(PNG, 'shelf.png'));
    expect(png.statusCode).toBe(200);
    expect(png.json().data).toMatchObject({ name: 'shelf.png', size: PNG.length, mime: 'image/png' });
    expect(png.json().data.hash).toMatch(/^[a-f0-9]{64}$/);
    // The same bytes are the same file.
    expect((await upload('staff@acme.test', form(PNG, 'again.png'))).json().data.hash).toBe(
      png.json().data.hash,
    );

    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Prices').addRow(['SKU', 'Price']);
    const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());
    const cases: [Buffer | string, string, string][] = [
      [JPEG, 'photo.jpeg', 'image/jpeg'],
      [HEIC, 'IMG_0001.HEIC', 'image/heic'],
      [PDF, 'recall notice.pdf', 'application/pdf'],
      [xlsx, 'prices.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      ['sku,price\n123,4.50\n', 'prices.csv', 'text/csv'],
      ['Bring the ladder.\n', 'note.txt', 'text/plain'],
    ];
    for (const [data, name, mime] of cases) {
      const res = await upload(OWNER, form(data, name));
      expect(res.statusCode, name).toBe(200);
      expect(res.json().data, name).toMatchObject({ name, mime });
    }
  });

  it('refuses other content whatever its name (400 with the message in output), keeping nothing', async () => {
    const before = await fileCount();
    const cases: [Buffer | string, string][] = [
      [Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff', 'latin1'), 'invoice.pdf'],
      ['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'logo.svg'],
      ['<html><script>alert(1)</script></html>', 'page.html'],
      [Buffer.from([0x00, 0x01, 0x02, 0x03]), 'data.csv'],
    ];
    for (const [data, name] of cases) {
      const res = await upload(OWNER, form(data, name));
      expect(res.statusCode, name).toBe(400);
      expect(res.json().output, name).toMatch(/not accepted/);
      expect(res.json().message).toBe(res.json().output);
    }
    // Content decides: a PDF named .exe is a PDF.
    expect((await upload(OWNER, form(pdf('renamed'), 'renamed.exe'))).json().data.mime).toBe(
      'application/pdf',
    );
    expect(await fileCount()).toBe(before + 1);
    const empty = await upload(OWNER, form('', 'empty.txt'));
    expect(empty.statusCode).toBe(400);
    expect((await upload(OWNER, { file: 'not multipart' })).statusCode).toBe(400);
  });

  it('refuses photos over 10 MB and documents over 20 MB with 413, keeping nothing', async () => {
    const before = await fileCount();
    const bigPhoto = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]);
    const photo = await upload(OWNER, form(bigPhoto, 'huge.png'));
    expect(photo.statusCode).toBe(413);
    expect(photo.json().output).toMatch(/10 MB/);
    const bigDocument = Buffer.concat([PDF, Buffer.alloc(20 * 1024 * 1024)]);
    const document = await upload(OWNER, form(bigDocument, 'huge.pdf'));
    expect(document.statusCode).toBe(413);
    expect(document.json().output).toMatch(/20 MB/);
    // A document between the two limits is fine.
    const mid = await upload(OWNER, form(Buffer.concat([PDF, Buffer.alloc(12 * 1024 * 1024)]), 'manual.pdf'));
    expect(mid.statusCode).toBe(200);
    expect(await fileCount()).toBe(before + 1);
    const acme = await k.tenantId();
    expect(existsSync(path.join(t.dataDir, 'files', 'task-files', String(acme), mid.json().data.hash))).toBe(
      true,
    );
  });

  it('needs a session (401) and a task capability (403), with the message in output', async () => {
    const anonymous = await t.inject({
      method: 'POST',
      url: '/api/user/task/upload',
      payload: form(PNG, 'a.png'),
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().output).toBe(anonymous.json().message);
    const operator = await upload('operator@admin.test', form(PNG, 'a.png'));
    expect(operator.statusCode).toBe(403);
    expect(operator.json().output).toBeTruthy();
  });
});

describe('GET /api/task/attachments/download', () => {
  it('serves a task’s file to those who may see the task, and 404 to everyone else', async () => {
    const recall = pdf('recall');
    const file = (await upload(OWNER, form(recall, 'Recall – peanut butter.pdf'))).json().data;
    const id = k.data(await k.create(OWNER, await k.body({ attachments: [file.hash] }))).id;
    const detail = k.data(await k.call(OWNER, 'GET', '/api/admin/task/get', { id }));
    expect(detail.attachment_files).toEqual([file]);

    const res = await download(OWNER, file.hash);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(
      "filename*=UTF-8''Recall%20%E2%80%93%20peanut%20butter.pdf",
    );
    expect(res.rawPayload.equals(recall)).toBe(true);

    // A draft reaches no store yet.
    expect((await download('staff@acme.test', file.hash)).statusCode).toBe(404);
    await k.publish(OWNER, id);
    expect((await download('staff@acme.test', file.hash)).statusCode).toBe(200);
    expect((await download('area@acme.test', file.hash)).statusCode).toBe(200);
    // Geelong is not targeted; Globex is another tenant.
    expect((await download('geelong.staff@acme.test', file.hash)).statusCode).toBe(404);
    expect((await download('owner@globex.test', file.hash)).statusCode).toBe(404);
    expect(
      (await t.inject({ url: '/api/task/attachments/download', query: { hash: file.hash } })).statusCode,
    ).toBe(401);
  });

  it('lets the uploader fetch a file not yet attached; nobody else', async () => {
    const file = (await upload('area@acme.test', form('Aisle 4 plan\n', 'plan.txt'))).json().data;
    expect((await download('area@acme.test', file.hash)).statusCode).toBe(200);
    expect((await download(OWNER, file.hash)).statusCode).toBe(404);
    expect((await download(OWNER, 'not-a-hash')).statusCode).toBe(404);
    expect((await download(OWNER, 'f'.repeat(64))).statusCode).toBe(404);
  });
});

describe('file names', () => {
  it('keeps the name each upload was given: in its answer, on the task and in a completion', async () => {
    const bytes = pdf('names');
    const first = (await upload(OWNER, form(bytes, 'endcap.pdf'))).json().data;
    expect(first.name).toBe('endcap.pdf');
    // The same bytes under another name: one stored file, this upload's name.
    const again = (await upload(OWNER, form(bytes, 'shelf.pdf'))).json().data;
    expect(again).toMatchObject({ hash: first.hash, name: 'shelf.pdf' });
    const id = k.data(await k.create(OWNER, await k.body({ attachments: [first.hash] }))).id;
    const detail = k.data(await k.call(OWNER, 'GET', '/api/admin/task/get', { id }));
    expect(detail.attachment_files.map((f: { name: string }) => f.name)).toEqual(['shelf.pdf']);

    // A store's photo whose bytes the owner uploaded earlier under another name.
    const photo = Buffer.concat([PNG, Buffer.from('names')]);
    await upload(OWNER, form(photo, 'owner-copy.png'));
    const mine = (await upload('staff@acme.test', form(photo, 'fridge.png'))).json().data;
    expect(mine.name).toBe('fridge.png');
    const today = localDate('Australia/Sydney');
    const taskId = await k.published(OWNER, {
      start_date: today,
      start_time: '00:00',
      due_date: today,
      due_time: '23:59',
      targets: { include: [await k.nodeId('Sydney CBD')] },
      evidence: { comment: false, photos: 1, files: 0 },
    });
    const [assignment] = await k.assignmentsOf(taskId);
    const done = await t.injectAs('staff@acme.test', {
      method: 'POST',
      url: '/api/user/task/complete',
      payload: { assignment_id: Number(assignment!.id), attachments: [mine.hash] },
    });
    expect(done.statusCode, done.body).toBe(200);
    const seen = await t.injectAs('staff@acme.test', {
      url: '/api/user/task/get',
      query: { assignment_id: Number(assignment!.id) },
    });
    const sent = seen.json().data.submissions.at(-1).attachments as { name: string }[];
    expect(sent.map((f) => f.name)).toEqual(['fridge.png']);
  });

  it('downloads under the name the file carries where it was met, accents and spaces kept', async () => {
    const bytes = pdf('download names');
    const first = (await upload(OWNER, form(bytes, 'Rappel – beurre de cacahuète.pdf'))).json().data;
    await upload('area@acme.test', form(bytes, 'Recall notice.pdf'));
    const named = (name?: string) =>
      t.injectAs(OWNER, {
        url: '/api/task/attachments/download',
        query: name ? { hash: first.hash, name } : { hash: first.hash },
      });

    const plain = await named();
    expect(plain.headers['content-disposition']).toBe(
      `attachment; filename="Rappel _ beurre de cacahu_te.pdf"; filename*=UTF-8''Rappel%20%E2%80%93%20beurre%20de%20cacahu%C3%A8te.pdf`,
    );
    // Another name these bytes carry in the tenant.
    expect((await named('Recall notice.pdf')).headers['content-disposition']).toContain(
      "filename*=UTF-8''Recall%20notice.pdf",
    );
    // A name they carry nowhere is not taken: the file's own name answers.
    const invented = await named('invoice.pdf.exe');
    expect(invented.statusCode).toBe(200);
    expect(invented.headers['content-disposition']).toContain('cacahu%C3%A8te.pdf');
  });
});
