import Papa from 'papaparse';
import {
  IMPORT_MAX_ERRORS,
  IMPORT_PREVIEW_ROWS,
  type ImportCheckReport,
  type ImportResultAction,
  type ImportResultRow,
} from '../../../contract/api/imports';
import { tableDownload } from '../../lib/spreadsheet';
import type { Table } from './columns';
import type { Checked, RowOutcome } from './outcome';

/** The check as the API answers it and keeps it: counts, errors by row then column, a preview. */
export function checkReport(table: Table, checked: Checked<unknown>): ImportCheckReport {
  const count = (action: RowOutcome<unknown>['action']) =>
    checked.outcomes.filter((o) => o.action === action).length;
  // Within a row, errors follow the file's columns, as a person reads the row.
  const place = (column: string) => {
    const i = table.columns.indexOf(column);
    return i < 0 ? table.columns.length : i;
  };
  const errors = [
    ...checked.fileErrors,
    ...checked.outcomes.flatMap((o) => [...o.errors].sort((a, b) => place(a.column) - place(b.column))),
  ];
  return {
    rows: table.rows.length,
    create: count('create'),
    update: count('update'),
    unchanged: count('unchanged'),
    error_rows: count('error'),
    columns: table.columns,
    ignored_columns: table.ignored,
    missing_containers: checked.missingContainers,
    errors: errors.slice(0, IMPORT_MAX_ERRORS),
    errors_total: errors.length,
    preview: table.rows.slice(0, IMPORT_PREVIEW_ROWS).map((r, i) => ({
      row: r.row,
      action: checked.outcomes[i]!.action,
      values: r.values,
    })),
  };
}

const DONE: Record<'create' | 'update' | 'unchanged', ImportResultAction> = {
  create: 'created',
  update: 'updated',
  unchanged: 'unchanged',
};

const messageOf = (o: RowOutcome<unknown>) => o.errors.map((e) => `${e.column}: ${e.message}`).join('; ');

/**
 * Each row's fate after a run. `written` false: nothing was imported (a rejected or failed run),
 * so rows without errors are `skipped` with `why`.
 */
export function resultRows(checked: Checked<unknown>, written: boolean, why = ''): ImportResultRow[] {
  const fileProblem = checked.fileErrors.map((e) => `${e.column}: ${e.message}`).join('; ');
  return checked.outcomes.map((o) => {
    if (o.action === 'error')
      return { row: o.row, key: o.key, action: 'failed', message: messageOf(o) || fileProblem };
    if (!written) return { row: o.row, key: o.key, action: 'skipped', message: why };
    return { row: o.row, key: o.key, action: DONE[o.action], message: '' };
  });
}

const RESULT_HEADER = ['row', 'key', 'action', 'message'];

/** The result report as CSV; cells a spreadsheet would run as a formula are escaped. */
export async function resultCsv(rows: readonly ImportResultRow[]): Promise<Buffer> {
  const { body } = await tableDownload(
    {
      title: 'import-result',
      header: RESULT_HEADER,
      rows: rows.map((r) => [r.row, r.key, r.action, r.message]),
    },
    'csv',
  );
  return body;
}

/** Reads a stored result CSV back: rows that failed or were skipped first, at most `limit`. */
export function readResultCsv(data: Buffer, limit: number): { rows: ImportResultRow[]; total: number } {
  const parsed = Papa.parse<string[]>(data.toString('utf8').replace(/^\uFEFF/, ''), { skipEmptyLines: true });
  // escapeFormulae put a quote before cells starting with = + - @ (and tab, CR): take it off again.
  const plain = (cell: string) => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);
  const rows = parsed.data.slice(1).map(([row, key, action, message]) => ({
    row: Number(row),
    key: plain(key ?? ''),
    action: (action ?? 'failed') as ImportResultAction,
    message: plain(message ?? ''),
  }));
  const first = (r: ImportResultRow) => (r.action === 'failed' || r.action === 'skipped' ? 0 : 1);
  const ordered = [...rows].sort((a, b) => first(a) - first(b) || a.row - b.row);
  return { rows: ordered.slice(0, limit), total: rows.length };
}
