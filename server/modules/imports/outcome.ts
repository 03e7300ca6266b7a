import type { ImportError } from '../../../contract/api/imports';
import type { SheetRow } from './columns';

/** What the check decided for one row; `plan` is what a run writes for it (absent with errors). */
export interface RowOutcome<P> {
  row: number;
  /** The row's e-mail (people) or identifier (stores), for the result report. */
  key: string;
  action: 'create' | 'update' | 'unchanged' | 'error';
  errors: ImportError[];
  plan?: P;
}

/** A check of every row: per-row outcomes, problems of the file itself, containers to make. */
export interface Checked<P> {
  outcomes: RowOutcome<P>[];
  fileErrors: ImportError[];
  missingContainers: string[];
}

/** Collects a row's errors by column, in the order found. */
export class RowErrors {
  readonly list: ImportError[] = [];
  constructor(readonly row: number) {}
  add(column: string, message: string) {
    this.list.push({ row: this.row, column, message });
  }
  get any() {
    return this.list.length > 0;
  }
}

/** A required text cell, trimmed, with a length bound; undefined (and an error) when it fails. */
export function requiredText(
  values: SheetRow['values'],
  column: string,
  errors: RowErrors,
  max: number,
): string | undefined {
  const value = (values[column] ?? '').trim();
  if (!value) errors.add(column, `${column} is required`);
  else if (value.length > max) errors.add(column, `${column} can be at most ${max} characters`);
  else return value;
  return undefined;
}

/** Marks every later row repeating a key already seen (e-mail, identifier) as an error. */
export function duplicateRows(rows: readonly SheetRow[], column: string, keyOf: (value: string) => string) {
  const first = new Map<string, number>();
  const duplicateOf = new Map<number, number>();
  for (const { row, values } of rows) {
    const value = values[column]?.trim();
    if (!value) continue;
    const key = keyOf(value);
    const seen = first.get(key);
    if (seen === undefined) first.set(key, row);
    else duplicateOf.set(row, seen);
  }
  return duplicateOf;
}

/** yes/no cells as spreadsheets write them; undefined for anything else. */
export function yesNo(value: string | undefined): boolean | undefined {
  const v = (value ?? '').trim().toLowerCase();
  if (['', 'no', 'n', 'false', '0', 'off'].includes(v)) return false;
  if (['yes', 'y', 'true', '1', 'x', 'on'].includes(v)) return true;
  return undefined;
}
