import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { tasks } from '../../db/schema';

/** How many tasks (any status) carry a department: the departments module refuses to delete it while any do. */
export async function countTasksOfDepartment(
  db: Db,
  tenantId: number,
  departmentId: number,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(tasks)
    .where(and(eq(tasks.tenantId, tenantId), eq(tasks.departmentId, departmentId)));
  return row?.n ?? 0;
}
