import { and, asc, count, eq, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { tasks, taskTypes } from '../../db/schema';
import { deleteTenantRow, findTenantRow, nameTaken } from '../../lib/tenantRows';

export type TaskTypeRow = typeof taskTypes.$inferSelect;
export type TaskTypeValues = Pick<
  TaskTypeRow,
  'name' | 'names' | 'description' | 'colour' | 'secondaryColour' | 'icon'
>;

export async function listTaskTypes(db: Db, tenantId: number): Promise<TaskTypeRow[]> {
  return db
    .select()
    .from(taskTypes)
    .where(eq(taskTypes.tenantId, tenantId))
    .orderBy(asc(taskTypes.sortOrder), asc(taskTypes.id));
}

export const findTaskType = (db: Db, tenantId: number, id: number): Promise<TaskTypeRow | undefined> =>
  findTenantRow(db, taskTypes, taskTypes.id, tenantId, id);

export const taskTypeNameTaken = (db: Db, tenantId: number, name: string, exceptId?: number) =>
  nameTaken(db, taskTypes, taskTypes.name, tenantId, name, exceptId);

export async function insertTaskType(db: Db, tenantId: number, values: TaskTypeValues) {
  const [last] = await db
    .select({ n: max(taskTypes.sortOrder) })
    .from(taskTypes)
    .where(eq(taskTypes.tenantId, tenantId));
  const [row] = await db
    .insert(taskTypes)
    .values({ tenantId, ...values, sortOrder: (last?.n ?? 0) + 1 })
    .returning();
  return row!;
}

export async function updateTaskType(db: Db, tenantId: number, id: number, values: TaskTypeValues) {
  const [row] = await db
    .update(taskTypes)
    .set(values)
    .where(and(eq(taskTypes.tenantId, tenantId), eq(taskTypes.id, id)))
    .returning();
  return row;
}

/** Sets every listed type's sort order to its position in the list, in one statement. */
export async function reorderTaskTypes(db: Db, tenantId: number, ids: readonly number[]) {
  await db.execute(sql`
    UPDATE ${taskTypes} t SET sort_order = o.position
    FROM unnest(${`{${ids.join(',')}}`}::int[]) WITH ORDINALITY AS o(id, position)
    WHERE t.tenant_id = ${tenantId} AND t.id = o.id`);
}

export async function countTasksOfType(db: Db, tenantId: number, id: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(tasks)
    .where(and(eq(tasks.tenantId, tenantId), eq(tasks.typeId, id)));
  return row?.n ?? 0;
}

export const deleteTaskType = (db: Db, tenantId: number, id: number) =>
  deleteTenantRow(db, taskTypes, tenantId, id);
