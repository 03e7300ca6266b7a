import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { expect } from 'vitest';
import type { ImportFileDetail, ImportKind, ImportProgress } from '../../../contract/api/imports';
import type { TestApp } from './app';
import { fileForm } from './files';

/** A CSV file's text from a header and rows (quoted as needed). */
export const csv = (header: readonly string[], rows: (string | number)[][]) =>
  Papa.unparse({ fields: [...header], data: rows.map((r) => r.map(String)) });

/** An XLSX workbook with one sheet; a cell given as `{ formula }` is written as a formula. */
export async function xlsx(header: string[], rows: ExcelJS.CellValue[][]) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('People');
  sheet.addRow(header);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The calls of one kind of import, as a given user. */
export function importCalls(t: TestApp, kind: ImportKind) {
  const base = `/api/${kind}/import`;
  const upload = (as: string, data: Buffer | string, filename = 'file.csv') =>
    t.injectAs(as, { method: 'POST', url: `${base}/upload`, payload: fileForm(data, filename) });
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

/** What a check report says of one problem: its row, its column and a sentence holding `text`. */
export const reportError = (row: number, column: string, text: string) => ({
  row,
  column,
  message: expect.stringContaining(text),
});

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
