import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ImportCheckReport } from '../../../contract/api/imports';
import * as columns from './columns';

export const IMPORT_KINDS = ['user', 'workspace'] as const;
export const IMPORT_FILE_STATES = ['uploaded', 'checked', 'running', 'imported', 'failed'] as const;
export const IMPORT_RUN_STATES = ['queued', 'running', 'imported', 'failed'] as const;

/**
 * A file uploaded for a bulk import (issue 14): people (`user`) or stores (`workspace`). The bytes
 * live in the file storage under `storage_key` (made of the tenant and the row's id, never of the
 * name a person typed); `filename` is the sanitised name the API addresses it by, unique per tenant
 * and kind. `scope_path` is the uploader's part of the tree: the file is shown to callers whose
 * scope contains it. People are referenced without foreign keys (the record outlives them).
 */
export const importFiles = pgTable(
  'import_files',
  {
    ...columns.tenantRecord(),
    kind: text('kind', { enum: IMPORT_KINDS }).notNull(),
    filename: text('filename').notNull(),
    format: text('format', { enum: ['csv', 'xlsx'] }).notNull(),
    size: integer('size').notNull(),
    storageKey: text('storage_key').notNull(),
    rows: integer('rows').notNull(),
    state: text('state', { enum: IMPORT_FILE_STATES }).notNull().default('uploaded'),
    /** The check made at upload: counts, errors (capped) and the preview. */
    report: jsonb('report').$type<ImportCheckReport>(),
    scopePath: text('scope_path').notNull(),
    uploadedBy: integer('uploaded_by').notNull(),
    uploadedByName: text('uploaded_by_name').notNull(),
    uploadedAt: columns.instantNow('uploaded_at'),
  },
  (t) => [
    columns.tenantPrimaryKey(t),
    uniqueIndex('import_files_name_uq').on(t.tenantId, t.kind, sql`lower(${t.filename})`),
  ],
);

/**
 * One run of an import file: who started it, how, its progress (kept so a reload sees it) and its
 * outcome. At most one run per file is queued or running (the partial unique index backs the
 * check made under the file's row lock).
 */
export const importRuns = pgTable(
  'import_runs',
  {
    tenantId: columns.tenantKey(),
    id: columns.identityId(),
    fileId: integer('file_id').notNull(),
    mode: text('mode', { enum: ['all', 'valid'] }).notNull(),
    createContainers: boolean('create_containers').notNull().default(false),
    state: text('state', { enum: IMPORT_RUN_STATES }).notNull().default('queued'),
    processed: integer('processed').notNull().default(0),
    total: integer('total').notNull().default(0),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    containersCreated: integer('containers_created').notNull().default(0),
    message: text('message'),
    /** The result report (CSV) in the file storage, once the run has finished. */
    resultKey: text('result_key'),
    /** Who started it and at which of their positions: the job acts as them, with today's rights. */
    startedBy: integer('started_by').notNull(),
    startedByName: text('started_by_name').notNull(),
    positionId: integer('position_id').notNull(),
    startedAt: columns.instantNow('started_at'),
    finishedAt: columns.instant('finished_at'),
  },
  (t) => [
    columns.tenantPrimaryKey(t),
    columns.tenantForeignKey(t, t.fileId, importFiles).onDelete('cascade'),
    index('import_runs_file_idx').on(t.tenantId, t.fileId, t.id),
    uniqueIndex('import_runs_one_active_uq')
      .on(t.tenantId, t.fileId)
      .where(sql`${t.state} IN ('queued', 'running')`),
  ],
);
