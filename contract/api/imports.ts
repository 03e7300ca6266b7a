import Type, { type Static } from 'typebox';
import { Literals } from './common';
import { WORKSPACE_ADDRESS_FIELDS } from './hierarchy';

/**
 * Bulk import of people (`/api/user/import/*`, user.create) and of stores
 * (`/api/workspace/import/*`, workspace.create) — issue 14, spec §7.
 *
 * Flow: upload (multipart, field `file`) → the server checks every row at once and keeps the
 * report → the screen shows the report and its preview → run (a queued job; poll `progress`) →
 * download the result CSV, the file itself, or delete it. A file is named by `filename`, the
 * server's sanitised, tenant-unique name (an upload whose name is taken gets ` (2)`, ` (3)`…
 * before the extension).
 *
 * Calls, the same under `/api/user/import` and `/api/workspace/import`:
 * - GET    list                          → ImportFileList
 * - POST   upload          (form data)   → ImportFileDetail (413 over 10 MB, 400 over 50,000 rows)
 * - GET    get?filename=                 → ImportFileDetail
 * - POST   run             ImportRunBody → ImportProgress (409 while a run of the file is under way)
 * - GET    progress?filename=            → ImportProgress (404 before the first run)
 * - GET    result?filename=&format=csv|json → CSV blob, or ImportResult
 * - GET    download?filename=            → the uploaded file (blob)
 * - DELETE delete?filename=              → ImportDeleted (409 while running)
 * - GET    template?format=csv|xlsx      → blob: the headers and one example row
 */

export const IMPORT_KINDS = ['user', 'workspace'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 50_000;
/** How many rows of the file the check report previews (error rows first come in `errors`). */
export const IMPORT_PREVIEW_ROWS = 200;
/** How many error entries a report carries; `errors_total` counts them all. */
export const IMPORT_MAX_ERRORS = 1000;

/**
 * Columns of a people file, in template order. `node`: a path from below the root
 * ("New South Wales / Sydney Metro / Sydney CBD") or a store identifier. `extra_positions`:
 * "Role @ node" entries separated by ";". `send_invite`: yes/no (true/false, 1/0); invited people
 * get the welcome link, the others a forced password reset. Any further column whose header is a
 * profile field's name (or short name) fills that field.
 */
export const USER_IMPORT_COLUMNS = [
  'first_name',
  'last_name',
  'email',
  'role',
  'node',
  'extra_positions',
  'send_invite',
] as const;
export const USER_IMPORT_REQUIRED = ['first_name', 'last_name', 'email', 'role', 'node'] as const;

/**
 * Columns of a stores file, in template order. `parent`: a container's path from below the root
 * or a container name that is unique in the tenant. `open_date`: YYYY-MM-DD. `timezone`: an IANA
 * zone ("Australia/Sydney"). `status`: active or inactive (default active).
 */
export const WORKSPACE_IMPORT_COLUMNS = [
  'identifier',
  'name',
  'parent',
  ...WORKSPACE_ADDRESS_FIELDS,
  'open_date',
  'timezone',
  'status',
] as const;
export const WORKSPACE_IMPORT_REQUIRED = ['identifier', 'name', 'parent'] as const;

export const ImportFormat = Literals('csv', 'xlsx');
export type ImportFormat = Static<typeof ImportFormat>;

/** uploaded → checked (report kept) → running → imported | failed (a failed file can run again). */
export const ImportState = Literals('uploaded', 'checked', 'running', 'imported', 'failed');
export type ImportState = Static<typeof ImportState>;

export const ImportMode = Literals('all', 'valid');
export type ImportMode = Static<typeof ImportMode>;

export const ImportRunState = Literals('queued', 'running', 'imported', 'failed');
export type ImportRunState = Static<typeof ImportRunState>;

/** A run's progress and counts; kept in the database so a reload sees it. */
export const ImportProgress = Type.Object({
  run_id: Type.Integer(),
  filename: Type.String(),
  mode: ImportMode,
  create_containers: Type.Boolean(),
  state: ImportRunState,
  /** Rows handled so far out of `total` (the rows the run takes: all, or the valid ones). */
  processed: Type.Integer(),
  total: Type.Integer(),
  created: Type.Integer(),
  updated: Type.Integer(),
  unchanged: Type.Integer(),
  /** Rows not imported: rows with errors (skipped in `valid` mode), or every row when an `all` run failed. */
  failed: Type.Integer(),
  /** Containers made because `create_containers` was set (stores files only). */
  containers_created: Type.Integer(),
  /** Why a run failed, as a sentence; null otherwise. */
  message: Type.Union([Type.String(), Type.Null()]),
  started_by: Type.String(),
  started_at: Type.String(),
  finished_at: Type.Union([Type.String(), Type.Null()]),
});
export type ImportProgress = Static<typeof ImportProgress>;

/** A row of the import list. */
export const ImportFile = Type.Object({
  filename: Type.String(),
  format: ImportFormat,
  size: Type.Integer(),
  uploaded_by: Type.String(),
  uploaded_at: Type.String(),
  /** Data rows in the file (the header row not counted). */
  rows: Type.Integer(),
  state: ImportState,
  /** The check's counts (null until checked). */
  check: Type.Union([
    Type.Object({
      create: Type.Integer(),
      update: Type.Integer(),
      unchanged: Type.Integer(),
      /** Rows with at least one error. */
      error_rows: Type.Integer(),
    }),
    Type.Null(),
  ]),
  /** The latest run, null before the first. */
  last_run: Type.Union([ImportProgress, Type.Null()]),
});
export type ImportFile = Static<typeof ImportFile>;

export const ImportFileList = Type.Object({ data: Type.Array(ImportFile), total: Type.Integer() });
export type ImportFileList = Static<typeof ImportFileList>;

/** One problem with a cell: `row` is the spreadsheet's row number (the header is row 1). */
export const ImportError = Type.Object({
  row: Type.Integer(),
  /** The column's header as in the template (`email`, `node`…), or `file` for the whole file. */
  column: Type.String(),
  message: Type.String(),
});
export type ImportError = Static<typeof ImportError>;

export const ImportRowAction = Literals('create', 'update', 'unchanged', 'error');
export type ImportRowAction = Static<typeof ImportRowAction>;

export const ImportPreviewRow = Type.Object({
  row: Type.Integer(),
  action: ImportRowAction,
  /** The row's cells by column header, as text. */
  values: Type.Record(Type.String(), Type.String()),
});
export type ImportPreviewRow = Static<typeof ImportPreviewRow>;

/** What the check found; answered by upload and kept with the file. */
export const ImportCheckReport = Type.Object({
  rows: Type.Integer(),
  create: Type.Integer(),
  update: Type.Integer(),
  unchanged: Type.Integer(),
  error_rows: Type.Integer(),
  /** Columns in the file's order (the template's known ones and profile fields). */
  columns: Type.Array(Type.String()),
  /** Headers the import does not know; ignored (a warning, not an error). */
  ignored_columns: Type.Array(Type.String()),
  /** Stores files: containers that do not exist yet (made on a run with `create_containers`). */
  missing_containers: Type.Array(Type.String()),
  /** At most IMPORT_MAX_ERRORS, by row then column. */
  errors: Type.Array(ImportError),
  errors_total: Type.Integer(),
  /** The first IMPORT_PREVIEW_ROWS rows with what a run would do with each. */
  preview: Type.Array(ImportPreviewRow),
});
export type ImportCheckReport = Static<typeof ImportCheckReport>;

export const ImportFileDetail = Type.Object({
  file: ImportFile,
  report: ImportCheckReport,
});
export type ImportFileDetail = Static<typeof ImportFileDetail>;

/** A file name as a query or body field: 1–200 characters; the server rejects path tricks with 400. */
export const ImportFilename = Type.String({ minLength: 1, maxLength: 200 });
export const ImportFilenameQuery = Type.Object({ filename: ImportFilename });
export type ImportFilenameQuery = Static<typeof ImportFilenameQuery>;

export const ImportRunBody = Type.Object({
  filename: ImportFilename,
  /** all (default): one transaction, any error and nothing changes. valid: import the rows without errors. */
  mode: Type.Optional(ImportMode),
  /** Stores files: make the missing containers named in `parent`. */
  create_containers: Type.Optional(Type.Boolean()),
});
export type ImportRunBody = Static<typeof ImportRunBody>;

export const ImportTemplateQuery = Type.Object({ format: Type.Optional(ImportFormat) });
export type ImportTemplateQuery = Static<typeof ImportTemplateQuery>;

export const ImportResultQuery = Type.Object({
  filename: ImportFilename,
  format: Type.Optional(Literals('csv', 'json')),
});
export type ImportResultQuery = Static<typeof ImportResultQuery>;

export const ImportResultAction = Literals('created', 'updated', 'unchanged', 'failed', 'skipped');
export type ImportResultAction = Static<typeof ImportResultAction>;

/** One row of the result report (the CSV has the same columns: row, key, action, message). */
export const ImportResultRow = Type.Object({
  row: Type.Integer(),
  /** The e-mail (people) or identifier (stores) of the row. */
  key: Type.String(),
  action: ImportResultAction,
  message: Type.String(),
});
export type ImportResultRow = Static<typeof ImportResultRow>;

/** The latest run's result; `rows` holds at most IMPORT_MAX_ERRORS rows that failed or were skipped first, then the rest. */
export const ImportResult = Type.Object({
  run: ImportProgress,
  rows: Type.Array(ImportResultRow),
  rows_total: Type.Integer(),
});
export type ImportResult = Static<typeof ImportResult>;

export const ImportDeleted = Type.Object({ filename: Type.String() });
export type ImportDeleted = Static<typeof ImportDeleted>;
