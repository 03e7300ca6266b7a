import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  taskAssignments,
  taskAttachments,
  taskFiles,
  taskFileUploads,
  taskSubmissionFiles,
  taskSubmissions,
  tasks,
} from '../../db/schema';
import { type Caller, can } from '../../lib/caller';
import { seenBy } from '../../lib/taskVisibility';
import { findTenantRow } from '../../lib/tenantRows';

export type TaskFileRow = typeof taskFiles.$inferSelect;

/**
 * Stores a file once per tenant by its hash (the first upload's name stays on task_files) and
 * records who uploaded it under which name: the same bytes sent again as another name keep that
 * name for that person, and what they attach or complete with carries it.
 */
export async function insertFile(db: Db, values: typeof taskFiles.$inferInsert): Promise<TaskFileRow> {
  await db.insert(taskFiles).values(values).onConflictDoNothing();
  await db
    .insert(taskFileUploads)
    .values({ tenantId: values.tenantId, hash: values.hash, userId: values.uploadedBy, name: values.name })
    .onConflictDoUpdate({
      target: [taskFileUploads.tenantId, taskFileUploads.hash, taskFileUploads.userId],
      set: { name: values.name },
    });
  return (await findFile(db, values.tenantId, values.hash))!;
}

export const findFile = (db: Db, tenantId: number, hash: string): Promise<TaskFileRow | undefined> =>
  findTenantRow(db, taskFiles, taskFiles.hash, tenantId, hash);

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
 * see, a completion of a workspace in their scope, or an inspection of a store in their scope
 * when they may read inspections (its photos and signature, listed in inspection_files), or of
 * a store's task form when they read the store's tasks, or of an action they may see.
 */
export async function mayDownload(db: Db, caller: Caller, file: TaskFileRow): Promise<boolean> {
  const readsInspections = can(caller, 'inspection', ['read']);
  const inspections =
    readsInspections || can(caller, 'mytasks', ['read'])
      ? sql`UNION ALL
    SELECT 1 FROM inspection_files inf
    JOIN inspections i ON i.tenant_id = inf.tenant_id AND i.id = inf.inspection_id
    JOIN hierarchy_nodes n ON n.tenant_id = i.tenant_id AND n.id = i.store_node_id
    WHERE inf.tenant_id = ${caller.tenantId} AND inf.hash = ${file.hash}
      AND n.path LIKE ${`${caller.scope.path}%`}
      ${readsInspections ? sql`` : sql`AND i.assignment_id IS NOT NULL`}`
      : sql``;
  // An action's photos (issue 49), to those who read actions where it is or who it is assigned to.
  const actions = can(caller, 'action', ['read'])
    ? sql`UNION ALL
    SELECT 1 FROM action_files af
    JOIN actions ac ON ac.tenant_id = af.tenant_id AND ac.id = af.action_id
    JOIN hierarchy_nodes an ON an.tenant_id = ac.tenant_id AND an.id = ac.store_node_id
    WHERE af.tenant_id = ${caller.tenantId} AND af.hash = ${file.hash}
      AND (an.path LIKE ${`${caller.scope.path}%`} OR ac.assignee_id = ${caller.userId})`
    : sql``;
  const result = await db.execute(sql`
    SELECT 1 AS ok FROM ${taskFileUploads} u
    WHERE u.tenant_id = ${caller.tenantId} AND u.hash = ${file.hash} AND u.user_id = ${caller.userId}
    UNION ALL
    SELECT 1 FROM ${taskAttachments} ta
    JOIN ${tasks} t ON t.tenant_id = ta.tenant_id AND t.id = ta.task_id
    WHERE ta.tenant_id = ${caller.tenantId} AND ta.hash = ${file.hash} AND ${seenBy(caller)}
    UNION ALL
    SELECT 1 FROM ${taskSubmissionFiles} sf
    JOIN ${taskSubmissions} s ON s.tenant_id = sf.tenant_id AND s.id = sf.submission_id
    JOIN ${taskAssignments} a ON a.tenant_id = s.tenant_id AND a.id = s.assignment_id
    JOIN hierarchy_nodes n ON n.tenant_id = a.tenant_id AND n.id = a.workspace_node_id
    WHERE sf.tenant_id = ${caller.tenantId} AND sf.hash = ${file.hash}
      AND n.path LIKE ${`${caller.scope.path}%`}
    ${inspections}
    ${actions}
    LIMIT 1`);
  return ((result as unknown as { rows: unknown[] }).rows ?? []).length > 0;
}

/** Whether the tenant knows these bytes by this name: on a task, a completion or someone's upload. */
export async function isNameOf(db: Db, tenantId: number, hash: string, name: string): Promise<boolean> {
  const result = await db.execute(sql`
    SELECT 1 FROM ${taskAttachments} WHERE tenant_id = ${tenantId} AND hash = ${hash} AND name = ${name}
    UNION ALL
    SELECT 1 FROM ${taskSubmissionFiles} WHERE tenant_id = ${tenantId} AND hash = ${hash} AND name = ${name}
    UNION ALL
    SELECT 1 FROM ${taskFileUploads} WHERE tenant_id = ${tenantId} AND hash = ${hash} AND name = ${name}
    LIMIT 1`);
  return ((result as unknown as { rows: unknown[] }).rows ?? []).length > 0;
}
