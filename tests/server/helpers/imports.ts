import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import type { ImportFileDetail, ImportKind, ImportProgress } from '../../../contract/api/imports';
import { createTestApp, type TestApp } from './app';

/** A test app whose stored files live in a temporary directory of their own. */
export async function createImportApp() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'storeline-imports-'));
  const t = await createTestApp({ dataDir });
  return {
    t,
    dataDir,
    close: async () => {
      await t.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A CSV file's text from a header and rows (quoted as needed). */
export const csv = (header: string[], rows: (string | number)[][]) =>
  Papa.unparse({ fields: header, data: rows.map((r) => r.map(String)) });

/** An XLSX workbook with one sheet; a cell given as `{ formula }` is written as a formula. */
export async function xlsx(header: string[], rows: ExcelJS.CellValue[][]) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('People');
  sheet.addRow(header);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export function form(data: Buffer | string, filename: string) {
  const body = new FormData();
  body.append('file', new Blob([typeof data === 'string' ? data : new Uint8Array(data)]), filename);
  return body;
}

/** The calls of one kind of import, as a given user. */
export function importCalls(t: TestApp, kind: ImportKind) {
  const base = `/api/${kind}/import`;
  const upload = (as: string, data: Buffer | string, filename = 'file.csv') =>
    t.injectAs(as, { method: 'POST', url: `${base}/upload`, payload: form(data, filename) });
  const uploaded = async (as: string, data: Buffer | string, filename = 'file.csv') => {
    const res = await upload(as, data, filename);
    if (res.statusCode !== 200) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
    return res.json().data as ImportFileDetail;
  };
  const run = (as: string, filename: string, extra: Record<string, unknown> = {}) =>
    t.injectAs(as, { method: 'POST', url: `${base}/run`, payload: { filename, ...extra } });
  /** Queues a run, runs the queue, and answers the run's progress once finished. */
  const ran = async (as: string, filename: string, extra: Record<string, unknown> = {}) => {
    const res = await run(as, filename, extra);
    if (res.statusCode !== 200) throw new Error(`run failed: ${res.statusCode} ${res.body}`);
    await t.app.jobs.drain();
    const progress = await t.injectAs(as, { url: `${base}/progress`, query: { filename } });
    return progress.json().data as ImportProgress;
  };
  const get = (as: string, url: string, query: Record<string, string>) =>
    t.injectAs(as, { url: `${base}/${url}`, query });
  const remove = (as: string, filename: string) =>
    t.injectAs(as, { method: 'DELETE', url: `${base}/delete`, query: { filename } });
  /** The result CSV's rows as objects. */
  const resultRows = async (as: string, filename: string) => {
    const res = await get(as, 'result', { filename, format: 'csv' });
    if (res.statusCode !== 200) throw new Error(`result failed: ${res.statusCode} ${res.body}`);
    return Papa.parse<Record<string, string>>(res.body.replace(/^\uFEFF/, ''), { header: true }).data;
  };
  return { upload, uploaded, run, ran, get, remove, resultRows };
}

/** Makes the database fail mid-run: a trigger raising when `condition` holds for a new row of `table`. */
export async function injectFailure(t: TestApp, table: 'positions' | 'workspaces', condition: string) {
  await t.database.db.execute(
    sql.raw(`CREATE OR REPLACE FUNCTION test_injected_failure() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF ${condition} THEN RAISE EXCEPTION 'injected failure'; END IF;
        RETURN NEW;
      END $$`),
  );
  await t.database.db.execute(
    sql.raw(`CREATE TRIGGER test_injected_failure BEFORE INSERT ON ${table}
      FOR EACH ROW EXECUTE FUNCTION test_injected_failure()`),
  );
  return async () => {
    await t.database.db.execute(sql.raw(`DROP TRIGGER test_injected_failure ON ${table}`));
    await t.database.db.execute(sql.raw('DROP FUNCTION test_injected_failure()'));
  };
}
