import { and, desc, eq, inArray, like, sql } from 'drizzle-orm';
import type { ImportCheckReport, ImportKind } from '../../../contract/api/imports';
import type { Db } from '../../db/client';
import { importFiles, importRuns } from '../../db/schema';
import type { Caller } from '../../lib/caller';
import { findTenantRow, updateTenantRow } from '../../lib/tenantRows';

export type ImportFileRow = typeof importFiles.$inferSelect;
export type ImportRunRow = typeof importRuns.$inferSelect;

/** Files the caller sees: uploaded at or below their part of the tree. */
const visibleTo = (caller: Caller) => like(importFiles.scopePath, `${caller.scope.path}%`);

/** The kind's files in the caller's scope, newest first (at most `limit`). */
export async function listFiles(db: Db, caller: Caller, kind: ImportKind, limit: number) {
  return db
    .select()
    .from(importFiles)
    .where(and(eq(importFiles.tenantId, caller.tenantId), eq(importFiles.kind, kind), visibleTo(caller)))
    .orderBy(desc(importFiles.uploadedAt), desc(importFiles.id))
    .limit(limit);
}

/** A file of the tenant by name (case-insensitively), whatever its scope: the service decides 403. */
export async function findFileByName(db: Db, tenantId: number, kind: ImportKind, filename: string) {
  const [row] = await db
    .select()
    .from(importFiles)
    .where(
      and(
        eq(importFiles.tenantId, tenantId),
        eq(importFiles.kind, kind),
        eq(sql`lower(${importFiles.filename})`, filename.toLowerCase()),
      ),
    );
  return row;
}

export const findFile = (db: Db, tenantId: number, fileId: number) =>
  findTenantRow(db, importFiles, importFiles.id, tenantId, fileId);

/** Locks the file's row for the rest of the transaction: runs and deletions of one file take turns. */
export async function lockFile(db: Db, tenantId: number, fileId: number) {
  const [row] = await db
    .select()
    .from(importFiles)
    .where(and(eq(importFiles.tenantId, tenantId), eq(importFiles.id, fileId)))
    .for('update');
  return row;
}

/** Names of the kind already taken that start like `stem` (lower case), to pick a free one. */
export async function namesLike(db: Db, tenantId: number, kind: ImportKind, stem: string) {
  const rows = await db
    .select({ name: sql<string>`lower(${importFiles.filename})` })
    .from(importFiles)
    .where(
      and(
        eq(importFiles.tenantId, tenantId),
        eq(importFiles.kind, kind),
        sql`starts_with(lower(${importFiles.filename}), ${stem.toLowerCase()})`,
      ),
    );
  return new Set(rows.map((r) => r.name));
}

export async function insertFile(
  db: Db,
  values: Omit<typeof importFiles.$inferInsert, 'id' | 'uploadedAt' | 'storageKey'> & { storageKey?: string },
) {
  const [row] = await db
    .insert(importFiles)
    .values({ storageKey: '', ...values })
    .returning();
  return row!;
}

export async function updateFile(
  db: Db,
  tenantId: number,
  fileId: number,
  values: Partial<Pick<ImportFileRow, 'storageKey' | 'state' | 'report'>> & { report?: ImportCheckReport },
) {
  await updateTenantRow(db, importFiles, tenantId, fileId, values);
}

export async function deleteFile(db: Db, tenantId: number, fileId: number) {
  await db.delete(importFiles).where(and(eq(importFiles.tenantId, tenantId), eq(importFiles.id, fileId)));
}

/** The latest run of each of these files. */
export async function latestRuns(db: Db, tenantId: number, fileIds: readonly number[]) {
  if (fileIds.length === 0) return new Map<number, ImportRunRow>();
  const rows = await db
    .selectDistinctOn([importRuns.fileId])
    .from(importRuns)
    .where(and(eq(importRuns.tenantId, tenantId), inArray(importRuns.fileId, [...fileIds])))
    .orderBy(importRuns.fileId, desc(importRuns.id));
  return new Map(rows.map((r) => [r.fileId, r]));
}

/** Every run of a file, newest first (for deleting their reports with it). */
export async function runsOf(db: Db, tenantId: number, fileId: number) {
  return db
    .select()
    .from(importRuns)
    .where(and(eq(importRuns.tenantId, tenantId), eq(importRuns.fileId, fileId)))
    .orderBy(desc(importRuns.id));
}

export const findRun = (db: Db, tenantId: number, runId: number) =>
  findTenantRow(db, importRuns, importRuns.id, tenantId, runId);

export async function insertRun(
  db: Db,
  values: Pick<
    typeof importRuns.$inferInsert,
    'tenantId' | 'fileId' | 'mode' | 'createContainers' | 'startedBy' | 'startedByName' | 'positionId'
  >,
) {
  const [row] = await db.insert(importRuns).values(values).returning();
  return row!;
}

export type RunChanges = Partial<
  Pick<
    ImportRunRow,
    | 'state'
    | 'processed'
    | 'total'
    | 'created'
    | 'updated'
    | 'unchanged'
    | 'failed'
    | 'containersCreated'
    | 'message'
    | 'resultKey'
    | 'finishedAt'
  >
>;

export async function updateRun(db: Db, tenantId: number, runId: number, values: RunChanges) {
  await updateTenantRow(db, importRuns, tenantId, runId, values);
}
