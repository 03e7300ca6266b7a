import {
  type ImportError,
  type ImportKind,
  USER_IMPORT_COLUMNS,
  USER_IMPORT_REQUIRED,
  WORKSPACE_IMPORT_COLUMNS,
  WORKSPACE_IMPORT_REQUIRED,
} from '../../../contract/api/imports';
import type { Sheet } from './parse';

/** "First Name", "first-name" and "FIRST_NAME" are one header. */
const headerKey = (header: string) =>
  header
    .normalize('NFKC')
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_')
    .replace(/[^\p{L}\p{N}_]/gu, '');

/** Other names people give the template's columns. */
const ALIASES: Record<ImportKind, Record<string, string>> = {
  user: {
    firstname: 'first_name',
    first: 'first_name',
    given_name: 'first_name',
    lastname: 'last_name',
    last: 'last_name',
    surname: 'last_name',
    family_name: 'last_name',
    e_mail: 'email',
    email_address: 'email',
    username: 'email',
    role_name: 'role',
    node_path: 'node',
    place: 'node',
    location: 'node',
    store: 'node',
    workspace: 'node',
    extra_position: 'extra_positions',
    other_positions: 'extra_positions',
    positions: 'extra_positions',
    invite: 'send_invite',
    send_invitation: 'send_invite',
  },
  workspace: {
    code: 'identifier',
    store_code: 'identifier',
    store_identifier: 'identifier',
    workspace_identifier: 'identifier',
    store_name: 'name',
    workspace_name: 'name',
    parent_path: 'parent',
    container: 'parent',
    address: 'street_line1',
    address_line1: 'street_line1',
    address_line_1: 'street_line1',
    street: 'street_line1',
    street_line_1: 'street_line1',
    address_line2: 'street_line2',
    address_line_2: 'street_line2',
    street_line_2: 'street_line2',
    post_code: 'postcode',
    zip: 'postcode',
    zip_code: 'postcode',
    phone: 'contact',
    open_at: 'open_date',
    opening_date: 'open_date',
    opened: 'open_date',
    time_zone: 'timezone',
    tz: 'timezone',
  },
};

const KNOWN: Record<ImportKind, readonly string[]> = {
  user: USER_IMPORT_COLUMNS,
  workspace: WORKSPACE_IMPORT_COLUMNS,
};
const REQUIRED: Record<ImportKind, readonly string[]> = {
  user: USER_IMPORT_REQUIRED,
  workspace: WORKSPACE_IMPORT_REQUIRED,
};

/** A profile field a people file may fill (matched on its name or short name). */
export interface FieldColumn {
  id: number;
  name: string;
  shortName: string;
}

/** A file row with its cells by column: the template's names, and profile fields by their short names. */
export interface SheetRow {
  row: number;
  values: Record<string, string>;
}

export interface Table {
  /** Recognised columns, in the file's order. */
  columns: string[];
  ignored: string[];
  /** Problems with the header itself (a required column missing, a column twice). */
  errors: ImportError[];
  /** Profile field columns: the field's short name → the field. */
  fields: Map<string, FieldColumn>;
  rows: SheetRow[];
}

/** Maps the header onto the kind's columns and the rows onto records keyed by them. */
export function readTable(kind: ImportKind, sheet: Sheet, profileFields: readonly FieldColumn[] = []): Table {
  const known = new Set(KNOWN[kind]);
  const aliases = ALIASES[kind];
  const fieldsByKey = new Map<string, FieldColumn>();
  for (const field of kind === 'user' ? profileFields : []) {
    fieldsByKey.set(headerKey(field.shortName), field);
    fieldsByKey.set(headerKey(field.name), field);
  }
  const { headerRow } = sheet;
  const errors: ImportError[] = [];
  const columns: string[] = [];
  const ignored: string[] = [];
  const fields = new Map<string, FieldColumn>();
  const keys = sheet.header.map((header) => {
    const key = headerKey(header);
    if (!key) return undefined;
    const canonical = known.has(key) ? key : aliases[key];
    const field = canonical ? undefined : fieldsByKey.get(key);
    // A profile field is known by its short name, whichever of its names the file used, so the
    // checks, their messages and the result file name columns in the template's one style.
    const column = canonical ?? field?.shortName;
    if (!column) {
      ignored.push(header);
      return undefined;
    }
    if (columns.includes(column)) {
      errors.push({ row: headerRow, column, message: `The column ${column} appears twice; keep one` });
      return undefined;
    }
    columns.push(column);
    if (field) fields.set(column, field);
    return column;
  });
  for (const column of REQUIRED[kind])
    if (!columns.includes(column))
      errors.push({ row: headerRow, column, message: `The column ${column} is missing` });
  const rows = sheet.rows.map(({ row, cells }) => {
    const values: Record<string, string> = {};
    keys.forEach((key, i) => {
      if (key) values[key] = cells[i] ?? '';
    });
    return { row, values };
  });
  return { columns, ignored, errors, fields, rows };
}
