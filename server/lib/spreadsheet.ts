import ExcelJS from 'exceljs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import Papa from 'papaparse';
import { CSV_TYPE, XLSX_TYPE } from '../../contract/api/common';
import type { Language } from '../../contract/languages';
import type { Db } from '../db/client';
import { requestLanguage, translateSentence } from '../i18n';
import { sendDownload } from './http';

/** A table to download: a header row and its rows, exactly as the screen shows them. */
export interface Table {
  /** The sheet's name (XLSX) and the stem of the file name. */
  title: string;
  header: string[];
  rows: (string | number | null)[][];
}

export interface Download {
  filename: string;
  contentType: string;
  body: Buffer;
}

const fileStem = (title: string) =>
  title
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .toLowerCase() || 'export';

/**
 * A table as CSV or XLSX. Cells a spreadsheet would read as a formula (= + - @ …) are escaped in
 * CSV with a leading quote (papaparse's escapeFormulae); in XLSX every cell is written as a plain
 * value, never as a formula, so text such as `=HYPERLINK(…)` stays text.
 */
export async function tableDownload(
  english: Table,
  format: 'csv' | 'xlsx',
  /** The reader's language for the title and header row (issue 31); the rows are data. */
  language: Language = 'en',
): Promise<Download> {
  const table = {
    ...english,
    title: translateSentence(language, english.title, 'export'),
    header: english.header.map((cell) => translateSentence(language, cell, 'export')),
  };
  const stem = fileStem(table.title);
  if (format === 'csv') {
    const csv = Papa.unparse({ fields: table.header, data: table.rows }, { escapeFormulae: true });
    // The byte order mark makes Excel read the file as UTF-8.
    return {
      filename: `${stem}.csv`,
      contentType: `${CSV_TYPE}; charset=utf-8`,
      body: Buffer.from(`\uFEFF${csv}`, 'utf8'),
    };
  }
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(table.title.slice(0, 31).replace(/[\\/?*[\]:]/g, ' ') || 'Sheet1');
  sheet.addRow(table.header).font = { bold: true };
  for (const row of table.rows) sheet.addRow(row.map((cell) => cell ?? ''));
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  sheet.columns.forEach((column, i) => {
    const widest = Math.max(
      table.header[i]?.length ?? 0,
      ...table.rows.slice(0, 200).map((r) => String(r[i] ?? '').length),
    );
    column.width = Math.min(60, Math.max(8, widest + 2));
  });
  const body = Buffer.from(await workbook.xlsx.writeBuffer());
  return {
    filename: `${stem}.xlsx`,
    contentType: XLSX_TYPE,
    body,
  };
}

/** Sends a table as a download, its title and header in the language the request is answered in. */
export async function sendTable(
  request: FastifyRequest,
  reply: FastifyReply,
  db: Db,
  table: Table,
  format: 'csv' | 'xlsx',
) {
  return sendDownload(reply, await tableDownload(table, format, await requestLanguage(request, db)));
}
