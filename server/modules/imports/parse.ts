import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { IMPORT_MAX_ROWS, type ImportFormat } from '../../../contract/api/imports';
import { badRequest } from '../../lib/errors';

/** A file's first sheet as text: the header row and every non-blank row under it. */
export interface Sheet {
  header: string[];
  headerRow: number;
  /** `row` is the spreadsheet's row number (the header is row 1 when it is the first line). */
  rows: { row: number; cells: string[] }[];
}

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0]);

const unreadable = (why: string) => badRequest(`The file could not be read: ${why}`, { file: why });

/** What the file is by its content, never its name: an XLSX workbook (a zip) or CSV text. */
export function detectFormat(data: Buffer): ImportFormat {
  if (data.subarray(0, 4).equals(ZIP)) return 'xlsx';
  if (data.subarray(0, 4).equals(OLE))
    throw unreadable('it is an old Excel (.xls) workbook; save it as XLSX or CSV');
  // Text has no NUL bytes; images, PDFs and other binaries do within their first kilobytes.
  if (data.subarray(0, 8192).includes(0)) throw unreadable('it is neither a CSV nor an XLSX file');
  return 'csv';
}

const tooManyRows = () =>
  badRequest(
    `The file has more than ${IMPORT_MAX_ROWS.toLocaleString('en')} rows; split it into smaller files`,
    { file: `at most ${IMPORT_MAX_ROWS} rows` },
  );

const isBlank = (cells: string[]) => cells.every((c) => c === '');

/** Takes the first non-blank row as the header and keeps the non-blank rows under it. */
function toSheet(rows: { row: number; cells: string[] }[]): Sheet {
  const first = rows.findIndex((r) => !isBlank(r.cells));
  if (first < 0) throw unreadable('it is empty');
  const header = rows[first]!.cells;
  const data = rows.slice(first + 1).filter((r) => !isBlank(r.cells));
  if (data.length === 0) throw badRequest('The file has no rows under its header', { file: 'no rows' });
  if (data.length > IMPORT_MAX_ROWS) throw tooManyRows();
  return { header, headerRow: rows[first]!.row, rows: data };
}

/** UTF-8 (with or without a byte order mark); a file Excel saved as Windows-1252 is read as such. */
function decodeText(data: Buffer): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    text = new TextDecoder('windows-1252').decode(data);
  }
  return text.replace(/^\uFEFF/, '');
}

function parseCsv(data: Buffer): Sheet {
  // Papaparse guesses the delimiter (comma, semicolon, tab…) as spreadsheets in other locales write it.
  const parsed = Papa.parse<string[]>(decodeText(data), { skipEmptyLines: false });
  const broken = parsed.errors.find((e) => e.type === 'Quotes');
  if (broken)
    throw unreadable(`a quoted cell is not closed (row ${(broken.row ?? 0) + 1}); check the quotes in it`);
  if (parsed.data.length > IMPORT_MAX_ROWS * 2 + 1) throw tooManyRows();
  // A record is a spreadsheet row (a quoted line break stays inside its cell).
  return toSheet(parsed.data.map((cells, i) => ({ row: i + 1, cells: cells.map((c) => c.trim()) })));
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** A cell's value as the text a person sees; a formula without a result stays its text ("=…"). */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return '';
    const iso = value.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? isoDay(value) : iso;
  }
  if ('richText' in value)
    return value.richText
      .map((part) => part.text)
      .join('')
      .trim();
  if ('formula' in value || 'sharedFormula' in value) {
    const { result } = value as ExcelJS.CellFormulaValue;
    if (result !== undefined && result !== null && !(typeof result === 'object' && 'error' in result))
      return cellText(result as ExcelJS.CellValue);
    const formula = (value as ExcelJS.CellFormulaValue).formula ?? '';
    return formula ? `=${formula}` : '';
  }
  if ('text' in value) return cellText((value as ExcelJS.CellHyperlinkValue).text);
  return '';
}

/**
 * The first worksheet, read with exceljs's streaming reader: rows are taken one at a time and
 * reading stops past the row limit, so a workbook's memory is the file plus its text.
 */
async function parseXlsx(data: Buffer): Promise<Sheet> {
  const rows: { row: number; cells: string[] }[] = [];
  try {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([data]), {
      worksheets: 'emit',
      sharedStrings: 'cache',
      hyperlinks: 'ignore',
      // Number formats tell dates from numbers.
      styles: 'cache',
      entries: 'ignore',
    });
    for await (const worksheet of reader) {
      for await (const row of worksheet) {
        const values = row.values as ExcelJS.CellValue[];
        const cells: string[] = [];
        for (let i = 1; i < values.length; i++) cells.push(cellText(values[i]));
        if (isBlank(cells)) continue;
        rows.push({ row: row.number, cells });
        // The header and the limit's rows; one more means too many.
        if (rows.length > IMPORT_MAX_ROWS + 1) throw tooManyRows();
      }
      break;
    }
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 400) throw error;
    throw unreadable('it is not a valid XLSX workbook');
  }
  return toSheet(rows);
}

export function parseSheet(data: Buffer, format: ImportFormat): Promise<Sheet> | Sheet {
  return format === 'xlsx' ? parseXlsx(data) : parseCsv(data);
}
