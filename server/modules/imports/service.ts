import { CSV_TYPE, XLSX_TYPE } from '../../../contract/api/common';
import {
  IMPORT_MAX_ERRORS,
  type ImportFile,
  type ImportFileDetail,
  type ImportFileList,
  type ImportFormat,
  type ImportKind,
  type ImportProgress,
  type ImportResult,
  type ImportRunBody,
} from '../../../contract/api/imports';
import { fullName } from '../../../contract/personName';
import type { Db } from '../../db/client';
import type { Caller } from '../../lib/caller';
import { conflict, forbidden, HttpError, notFound } from '../../lib/errors';
import type { StoredDownload } from '../../lib/http';
import { isUniqueViolation } from '../../lib/pgErrors';
import type { Download } from '../../lib/spreadsheet';
import type { FileStorage } from '../../lib/storage';
import type { Upload } from '../../lib/uploads';
import type { Jobs } from '../../plugins/jobs';
import { findUser } from '../users/service';
import { readTable, type Table } from './columns';
import { assertFileName, fileKey, freeName, uploadName } from './filenames';
import type { Checked } from './outcome';
import { detectFormat, parseSheet, type Sheet } from './parse';
import { checkPeople, fieldColumns, profileColumns } from './people';
import { checkReport, readResultCsv } from './report';
import {
  deleteFile,
  findFileByName,
  type ImportFileRow,
  type ImportRunRow,
  insertFile,
  insertRun,
  latestRuns,
  listFiles,
  lockFile,
  namesLike,
  runsOf,
  updateFile,
  updateRun,
} from './repository';
import { checkStores, type StoresChecked } from './stores';
import { template } from './template';

export interface ImportDeps {
  db: Db;
  files: FileStorage;
  jobs: Jobs;
}

/** How many files the list shows (newest first); older ones can still be deleted by name. */
const LIST_LIMIT = 500;

const ALREADY_RUNNING = 'This file is being imported already; wait for that run to finish.';

/**
 * A run takes seconds; one still queued or running an hour after it started was lost with the
 * process that had it (and its queue retries). It no longer holds its file: the file can be run
 * again or deleted, and the lost run is recorded as failed.
 */
const ABANDONED_AFTER_MS = 60 * 60_000;
const underWay = (run: ImportRunRow | undefined) =>
  run !== undefined &&
  (run.state === 'queued' || run.state === 'running') &&
  Date.now() - run.startedAt.getTime() < ABANDONED_AFTER_MS;

const abandoned = (run: ImportRunRow) =>
  (run.state === 'queued' || run.state === 'running') && !underWay(run);
const ABANDONED = 'This run did not finish: the server stopped while it waited or ran. Nothing was imported.';

async function closeAbandoned(db: Db, runs: readonly ImportRunRow[]) {
  for (const run of runs)
    if (abandoned(run))
      await updateRun(db, run.tenantId, run.id, {
        state: 'failed',
        message: ABANDONED,
        finishedAt: new Date(),
      });
}

const CONTENT_TYPES: Record<ImportFormat, string> = {
  csv: `${CSV_TYPE}; charset=utf-8`,
  xlsx: XLSX_TYPE,
};

const callerName = async (db: Db, caller: Caller) => {
  const user = await findUser(db, caller.tenantId, caller.userId);
  return user ? fullName(user) : '';
};

/** Reads the file's rows onto the kind's columns and checks every one; writes nothing. */
export async function checkSheet(
  db: Db,
  caller: Caller,
  kind: ImportKind,
  sheet: Sheet,
  createContainers = false,
): Promise<{ table: Table; checked: Checked<unknown> | StoresChecked }> {
  if (kind === 'user') {
    const fields = await profileColumns(db, caller.tenantId);
    const table = readTable('user', sheet, fieldColumns(fields));
    return { table, checked: await checkPeople(db, caller, table, fields) };
  }
  const table = readTable('workspace', sheet);
  return { table, checked: await checkStores(db, caller, table, createContainers) };
}

/** A run as the screens see it; a lost run reads as failed before the next run or delete records it so. */
function toProgress(run: ImportRunRow, filename: string): ImportProgress {
  if (abandoned(run)) return toProgress({ ...run, state: 'failed', message: ABANDONED }, filename);
  return {
    run_id: run.id,
    filename,
    mode: run.mode,
    create_containers: run.createContainers,
    state: run.state,
    processed: run.processed,
    total: run.total,
    created: run.created,
    updated: run.updated,
    unchanged: run.unchanged,
    failed: run.failed,
    containers_created: run.containersCreated,
    message: run.message,
    started_by: run.startedByName,
    started_at: run.startedAt.toISOString(),
    finished_at: run.finishedAt?.toISOString() ?? null,
  };
}

function toFile(row: ImportFileRow, run: ImportRunRow | undefined): ImportFile {
  const report = row.report;
  return {
    filename: row.filename,
    format: row.format,
    size: row.size,
    uploaded_by: row.uploadedByName,
    uploaded_at: row.uploadedAt.toISOString(),
    rows: row.rows,
    state: row.state,
    check: report
      ? {
          create: report.create,
          update: report.update,
          unchanged: report.unchanged,
          error_rows: report.error_rows,
        }
      : null,
    last_run: run ? toProgress(run, row.filename) : null,
  };
}

/** A file of the kind by name: 400 for a name with folders, 404 unknown (another tenant's too), 403 outside scope. */
async function visibleFile(
  db: Db,
  caller: Caller,
  kind: ImportKind,
  filename: string,
): Promise<ImportFileRow> {
  const file = await findFileByName(db, caller.tenantId, kind, assertFileName(filename));
  if (!file) throw notFound('Import file');
  if (!file.scopePath.startsWith(caller.scope.path))
    throw forbidden('This file was uploaded for another part of the organisation.');
  return file;
}

async function detail(db: Db, file: ImportFileRow): Promise<ImportFileDetail> {
  const runs = await latestRuns(db, file.tenantId, [file.id]);
  return { file: toFile(file, runs.get(file.id)), report: file.report! };
}

export async function list(db: Db, caller: Caller, kind: ImportKind): Promise<ImportFileList> {
  const files = await listFiles(db, caller, kind, LIST_LIMIT);
  const runs = await latestRuns(
    db,
    caller.tenantId,
    files.map((f) => f.id),
  );
  return { data: files.map((f) => toFile(f, runs.get(f.id))), total: files.length };
}

export async function get(
  db: Db,
  caller: Caller,
  kind: ImportKind,
  filename: string,
): Promise<ImportFileDetail> {
  return detail(db, await visibleFile(db, caller, kind, filename));
}

/**
 * Stores an upload and answers its check. The file is read by its content (CSV or XLSX, at most
 * 10 MB — the route refuses more with 413 — and 50,000 rows), every row is checked at once, and
 * the report is kept with the file. A file that cannot be read is refused (400) and not kept.
 */
export async function upload(
  deps: ImportDeps,
  caller: Caller,
  kind: ImportKind,
  sent: Upload,
): Promise<ImportFileDetail> {
  const { db } = deps;
  const { tenantId } = caller;
  const format = detectFormat(sent.data);
  const sheet = await parseSheet(sent.data, format);
  const { table, checked } = await checkSheet(db, caller, kind, sheet);
  const report = checkReport(table, checked);
  const wanted = uploadName(sent.filename, format);
  const uploadedByName = await callerName(db, caller);
  // Two uploads of one name at once: the unique index makes the later one pick the next name.
  for (let attempt = 1; ; attempt++) {
    try {
      const file = await db.transaction(async (tx) => {
        const taken = await namesLike(tx, tenantId, kind, wanted.slice(0, wanted.lastIndexOf('.')));
        const row = await insertFile(tx, {
          tenantId,
          kind,
          filename: freeName(wanted, taken),
          format,
          size: sent.data.length,
          rows: table.rows.length,
          state: 'checked',
          report,
          scopePath: caller.scope.path,
          uploadedBy: caller.userId,
          uploadedByName,
        });
        const storageKey = fileKey(tenantId, kind, row.id, format);
        await updateFile(tx, tenantId, row.id, { storageKey });
        await deps.files.put(storageKey, sent.data);
        return { ...row, storageKey };
      });
      return { file: toFile(file, undefined), report };
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 3) throw error;
    }
  }
}

/**
 * Queues a run of the file (the `imports.run` job does the work) and answers its progress. The
 * file's row is locked first, so of two runs asked at once one is queued and the other gets 409.
 */
export async function run(
  deps: ImportDeps,
  caller: Caller,
  kind: ImportKind,
  body: ImportRunBody,
): Promise<ImportProgress> {
  const { db } = deps;
  const { tenantId } = caller;
  const file = await visibleFile(db, caller, kind, body.filename);
  const startedByName = await callerName(db, caller);
  try {
    const started = await db.transaction(async (tx) => {
      if (!(await lockFile(tx, tenantId, file.id))) throw notFound('Import file');
      const last = (await latestRuns(tx, tenantId, [file.id])).get(file.id);
      if (underWay(last)) throw conflict(ALREADY_RUNNING);
      if (last) await closeAbandoned(tx, [last]);
      const row = await insertRun(tx, {
        tenantId,
        fileId: file.id,
        mode: body.mode ?? 'all',
        createContainers: kind === 'workspace' && body.create_containers === true,
        startedBy: caller.userId,
        startedByName,
        positionId: caller.positionId,
      });
      await updateFile(tx, tenantId, file.id, { state: 'running' });
      await deps.jobs.send(tx, 'imports.run', { tenantId, runId: row.id });
      return row;
    });
    return toProgress(started, file.filename);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(ALREADY_RUNNING);
    throw error;
  }
}

export async function progress(
  db: Db,
  caller: Caller,
  kind: ImportKind,
  filename: string,
): Promise<ImportProgress> {
  const file = await visibleFile(db, caller, kind, filename);
  const last = (await latestRuns(db, caller.tenantId, [file.id])).get(file.id);
  if (!last) throw new HttpError(404, 'This file has not been imported yet');
  return toProgress(last, file.filename);
}

async function finishedRun(db: Db, caller: Caller, kind: ImportKind, filename: string) {
  const file = await visibleFile(db, caller, kind, filename);
  const last = (await latestRuns(db, caller.tenantId, [file.id])).get(file.id);
  if (!last) throw new HttpError(404, 'This file has not been imported yet');
  if (underWay(last)) throw conflict('The import is still running; its report is ready when it ends.');
  return { file, last };
}

/** The latest run's result: every row's fate as CSV, or (JSON) the run with the rows that need a look first. */
export async function resultCsv(
  deps: ImportDeps,
  caller: Caller,
  kind: ImportKind,
  filename: string,
): Promise<StoredDownload> {
  const { file, last } = await finishedRun(deps.db, caller, kind, filename);
  const stored = last.resultKey ? await deps.files.open(last.resultKey) : undefined;
  if (!stored) throw new HttpError(404, 'This run has no report');
  const stem = file.filename.slice(0, file.filename.lastIndexOf('.'));
  return {
    filename: `${stem} - result.csv`,
    contentType: CONTENT_TYPES.csv,
    body: stored.stream,
    size: stored.size,
  };
}

export async function result(
  deps: ImportDeps,
  caller: Caller,
  kind: ImportKind,
  filename: string,
): Promise<ImportResult> {
  const { file, last } = await finishedRun(deps.db, caller, kind, filename);
  const body = last.resultKey ? await deps.files.get(last.resultKey) : undefined;
  const { rows, total } = body ? readResultCsv(body, IMPORT_MAX_ERRORS) : { rows: [], total: 0 };
  return { run: toProgress(last, file.filename), rows, rows_total: total };
}

/** The file as uploaded. */
export async function download(
  deps: ImportDeps,
  caller: Caller,
  kind: ImportKind,
  filename: string,
): Promise<StoredDownload> {
  const file = await visibleFile(deps.db, caller, kind, filename);
  const stored = await deps.files.open(file.storageKey);
  if (!stored) throw notFound('Import file');
  return {
    filename: file.filename,
    contentType: CONTENT_TYPES[file.format],
    body: stored.stream,
    size: stored.size,
  };
}

/** Deletes the file, its runs and their reports; refused (409) while it is being imported. */
export async function remove(deps: ImportDeps, caller: Caller, kind: ImportKind, filename: string) {
  const { db } = deps;
  const { tenantId } = caller;
  const file = await visibleFile(db, caller, kind, filename);
  const keys = await db.transaction(async (tx) => {
    if (!(await lockFile(tx, tenantId, file.id))) throw notFound('Import file');
    const runs = await runsOf(tx, tenantId, file.id);
    if (runs.some(underWay))
      throw conflict('This file is being imported; delete it when the run has finished.');
    await deleteFile(tx, tenantId, file.id);
    return [file.storageKey, ...runs.flatMap((r) => (r.resultKey ? [r.resultKey] : []))];
  });
  // After the commit: a failed deletion leaves an unreachable file, never a listed file without bytes.
  for (const key of keys) await deps.files.delete(key);
  return { filename: file.filename };
}

export function templateFile(
  db: Db,
  caller: Caller,
  kind: ImportKind,
  format: ImportFormat,
): Promise<Download> {
  return template(db, caller, kind, format);
}
