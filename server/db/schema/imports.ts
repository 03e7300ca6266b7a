import { sql } from 'drizzle-orm';
import {
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { ImportCheckReport } from '../../../contract/api/imports';
import { tenants } from './tenants';

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
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: integer('id').notNull().generatedAlwaysAsIdentity(),
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
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
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
    tenantId: integer('tenant_id').notNull(),
    id: integer('id').notNull().generatedAlwaysAsIdentity(),
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
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      columns: [t.tenantId, t.fileId],
      foreignColumns: [importFiles.tenantId, importFiles.id],
    }).onDelete('cascade'),
    index('import_runs_file_idx').on(t.tenantId, t.fileId, t.id),
    uniqueIndex('import_runs_one_active_uq')
      .on(t.tenantId, t.fileId)
      .where(sql`${t.state} IN ('queued', 'running')`),
  ],
);
