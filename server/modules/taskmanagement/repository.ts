import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { TaskListQuery } from '../../../contract/api/tasks';
import type { Db } from '../../db/client';
import {
  departments,
  hierarchyNodes,
  taskAttachments,
  taskEdits,
  taskFiles,
  tasks,
  taskTargets,
  taskTypes,
} from '../../db/schema';
import type { Caller } from '../../lib/caller';
import { containing } from '../../lib/like';
import { attachmentFile, targetNode } from '../../lib/taskJoins';
import { managedBy } from '../../lib/taskVisibility';
import type { TargetNodeRow } from './organisation';
import { targetNodeColumns } from './organisation';
import type { TaskValues } from './validate';

export type TaskRow = typeof tasks.$inferSelect;

export async function insertTask(db: Db, caller: Caller, values: TaskValues): Promise<TaskRow> {
  const [row] = await db
    .insert(tasks)
    .values({
      tenantId: caller.tenantId,
      ...values,
      authorId: caller.userId,
      authorNodeId: caller.scope.nodeId,
    })
    .returning();
  return row!;
}

export async function updateTaskRow(db: Db, caller: Caller, id: number, values: TaskValues) {
  await db
    .update(tasks)
    .set({ ...values, updatedBy: caller.userId, updatedAt: new Date() })
    .where(and(eq(tasks.tenantId, caller.tenantId), eq(tasks.id, id)));
  await db.insert(taskEdits).values({ tenantId: caller.tenantId, taskId: id, userId: caller.userId });
}

export async function setTaskStatus(db: Db, caller: Caller, id: number, status: 'published' | 'archived') {
  const now = new Date();
  await db
    .update(tasks)
    .set(
      status === 'published'
        ? { status, publishedAt: now, publishedBy: caller.userId, updatedAt: now }
        : { status, archivedAt: now, archivedBy: caller.userId, updatedAt: now },
    )
    .where(and(eq(tasks.tenantId, caller.tenantId), eq(tasks.id, id)));
}

export async function replaceTargets(
  db: Db,
  tenantId: number,
  taskId: number,
  include: readonly TargetNodeRow[],
  exclude: readonly TargetNodeRow[],
) {
  await db.delete(taskTargets).where(and(eq(taskTargets.tenantId, tenantId), eq(taskTargets.taskId, taskId)));
  const rows = [
    ...include.map((n) => ({ tenantId, taskId, nodeId: n.id, mode: 'include' as const })),
    ...exclude.map((n) => ({ tenantId, taskId, nodeId: n.id, mode: 'exclude' as const })),
  ];
  if (rows.length) await db.insert(taskTargets).values(rows);
}

/**
 * A task's attachments become `hashes`, in order. Each keeps the name it had on the task, unless
 * the editor (`userId`) uploaded those bytes themselves: then it takes the name they gave them.
 */
export async function replaceAttachments(
  db: Db,
  tenantId: number,
  taskId: number,
  userId: number,
  hashes: readonly string[],
) {
  const old = await db
    .delete(taskAttachments)
    .where(and(eq(taskAttachments.tenantId, tenantId), eq(taskAttachments.taskId, taskId)))
    .returning({ hash: taskAttachments.hash, name: taskAttachments.name });
  if (hashes.length === 0) return;
  const kept = JSON.stringify(Object.fromEntries(old.map((o) => [o.hash, o.name])));
  await db.execute(sql`INSERT INTO task_attachments (tenant_id, task_id, hash, sort_order, name)
    SELECT ${tenantId}::int, ${taskId}::int, h.hash, h.ord - 1, coalesce(u.name, ${kept}::jsonb ->> h.hash)
    FROM unnest(${`{${hashes.join(',')}}`}::text[]) WITH ORDINALITY AS h(hash, ord)
    LEFT JOIN task_file_uploads u ON u.tenant_id = ${tenantId} AND u.hash = h.hash AND u.user_id = ${userId}`);
}

/** The task, locked for the rest of the transaction when `lock` (publish, edit, archive, delete). */
export async function findTask(
  db: Db,
  tenantId: number,
  id: number,
  lock = false,
): Promise<TaskRow | undefined> {
  const query = db
    .select()
    .from(tasks)
    .where(and(eq(tasks.tenantId, tenantId), eq(tasks.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** True when the caller's task-management view includes the task. */
export async function isVisible(db: Db, caller: Caller, id: number): Promise<boolean> {
  const result = await db.execute(
    sql`SELECT 1 AS ok FROM ${tasks} t WHERE t.tenant_id = ${caller.tenantId} AND t.id = ${id} AND ${managedBy(caller)}`,
  );
  return (result as unknown as { rows: unknown[] }).rows.length > 0;
}

export async function deleteTask(db: Db, tenantId: number, id: number) {
  await db.delete(tasks).where(and(eq(tasks.tenantId, tenantId), eq(tasks.id, id)));
}

export async function loadTargets(db: Db, tenantId: number, taskId: number) {
  return db
    .select({ ...targetNodeColumns, mode: taskTargets.mode })
    .from(taskTargets)
    .innerJoin(hierarchyNodes, targetNode)
    .where(and(eq(taskTargets.tenantId, tenantId), eq(taskTargets.taskId, taskId)))
    .orderBy(asc(hierarchyNodes.level), asc(hierarchyNodes.name));
}

export async function loadAttachmentFiles(db: Db, tenantId: number, taskId: number) {
  return db
    .select({
      hash: taskFiles.hash,
      name: sql<string>`coalesce(${taskAttachments.name}, ${taskFiles.name})`,
      size: taskFiles.size,
      mime: taskFiles.mime,
    })
    .from(taskAttachments)
    .innerJoin(taskFiles, attachmentFile)
    .where(and(eq(taskAttachments.tenantId, tenantId), eq(taskAttachments.taskId, taskId)))
    .orderBy(asc(taskAttachments.sortOrder));
}

export async function loadEdits(db: Db, tenantId: number, taskId: number) {
  return db
    .select({ userId: taskEdits.userId, editedAt: taskEdits.editedAt })
    .from(taskEdits)
    .where(and(eq(taskEdits.tenantId, tenantId), eq(taskEdits.taskId, taskId)))
    .orderBy(asc(taskEdits.editedAt), asc(taskEdits.id));
}

export async function findTypes(db: Db, tenantId: number, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(taskTypes)
    .where(and(eq(taskTypes.tenantId, tenantId), inArray(taskTypes.id, [...ids])));
}

export async function findDepartments(db: Db, tenantId: number, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: departments.id, name: departments.name, colour: departments.colour })
    .from(departments)
    .where(and(eq(departments.tenantId, tenantId), inArray(departments.id, [...ids])));
}

const SORTS: Record<NonNullable<TaskListQuery['sort']>, SQL> = {
  title: sql`lower(t.title)`,
  status: sql`t.status`,
  start_date: sql`t.start_date`,
  due_date: sql`t.due_date`,
  created_at: sql`t.created_at`,
  updated_at: sql`t.updated_at`,
};

/** A page of the tasks the caller may see, newest change first unless asked otherwise. */
export async function listTasks(db: Db, caller: Caller, query: TaskListQuery) {
  const conditions: SQL[] = [sql`t.tenant_id = ${caller.tenantId}`, managedBy(caller)];
  const search = query.search_key?.trim();
  if (search) conditions.push(sql`t.title ILIKE ${containing(search)}`);
  if (query.status) conditions.push(sql`t.status = ${query.status}`);
  if (query.type_id) conditions.push(sql`t.type_id = ${query.type_id}`);
  if (query.department_id) conditions.push(sql`t.department_id = ${query.department_id}`);
  if (query.author) conditions.push(sql`t.author_id = ${query.author}`);
  const where = sql.join(conditions, sql` AND `);
  const direction = sql.raw(query.order === 'asc' ? 'ASC' : 'DESC');
  const sort = SORTS[query.sort ?? 'updated_at'];
  const [rows, total] = await Promise.all([
    db.execute(sql`
      SELECT t.id FROM ${tasks} t WHERE ${where}
      ORDER BY ${sort} ${direction}, t.id ${direction}
      LIMIT ${query.per_page} OFFSET ${(query.page - 1) * query.per_page}`),
    db.execute(sql`SELECT count(*)::int AS n FROM ${tasks} t WHERE ${where}`),
  ]);
  const ids = (rows as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id));
  const found = ids.length
    ? await db
        .select()
        .from(tasks)
        .where(and(eq(tasks.tenantId, caller.tenantId), inArray(tasks.id, ids)))
    : [];
  const byId = new Map(found.map((r) => [r.id, r]));
  return {
    rows: ids.map((id) => byId.get(id)!).filter(Boolean),
    total: Number((total as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0),
  };
}
