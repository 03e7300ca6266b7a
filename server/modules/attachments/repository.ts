import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { taskAttachments, taskFiles, tasks } from '../../db/schema';
import type { Caller } from '../../lib/caller';
import { seenBy } from '../taskmanagement/visibility';

export type TaskFileRow = typeof taskFiles.$inferSelect;

/** Remembers an uploaded file; the same bytes uploaded again keep their first name and uploader. */
export async function insertFile(db: Db, values: typeof taskFiles.$inferInsert): Promise<TaskFileRow> {
  await db.insert(taskFiles).values(values).onConflictDoNothing();
  return (await findFile(db, values.tenantId, values.hash))!;
}

export async function findFile(db: Db, tenantId: number, hash: string): Promise<TaskFileRow | undefined> {
  const [row] = await db
    .select()
    .from(taskFiles)
    .where(and(eq(taskFiles.tenantId, tenantId), eq(taskFiles.hash, hash)));
  return row;
}

export async function existingFiles(
  db: Db,
  tenantId: number,
  hashes: readonly string[],
): Promise<Set<string>> {
  if (hashes.length === 0) return new Set();
  const rows = await db
    .select({ hash: taskFiles.hash })
    .from(taskFiles)
    .where(and(eq(taskFiles.tenantId, tenantId), inArray(taskFiles.hash, [...hashes])));
  return new Set(rows.map((r) => r.hash));
}

/**
 * True when the caller may fetch the file: they uploaded it, or it is attached to a task they may
 * see. (Completion evidence joins here when completions exist: "a task or completion that uses it".)
 */
export async function mayDownload(db: Db, caller: Caller, file: TaskFileRow): Promise<boolean> {
  if (file.uploadedBy === caller.userId) return true;
  const result = await db.execute(sql`
    SELECT 1 AS ok FROM ${taskAttachments} ta
    JOIN ${tasks} t ON t.tenant_id = ta.tenant_id AND t.id = ta.task_id
    WHERE ta.tenant_id = ${caller.tenantId} AND ta.hash = ${file.hash} AND ${seenBy(caller)}
    LIMIT 1`);
  return ((result as unknown as { rows: unknown[] }).rows ?? []).length > 0;
}
