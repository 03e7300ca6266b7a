import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { hierarchyNodes, taskTypes } from '../../server/db/schema';
import { sqlRows } from '../../server/lib/jsonRows';

/* The tasks the benches write: one through the API for every store, then copies of it in bulk. */

export const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The tenant's root node, and the body of a task of one of its types (by name) for every store
 * under it: open all day today, no evidence asked; `fields` add to it or replace.
 */
export async function taskForEveryStore(db: Db, tenantId: number, typeName: string) {
  const [root] = await db
    .select({ id: hierarchyNodes.id })
    .from(hierarchyNodes)
    .where(and(eq(hierarchyNodes.tenantId, tenantId), isNull(hierarchyNodes.parentId)));
  const [type] = await db
    .select({ id: taskTypes.id })
    .from(taskTypes)
    .where(and(eq(taskTypes.tenantId, tenantId), eq(taskTypes.name, typeName)));
  const body = (fields: Record<string, unknown>) => {
    const today = isoDay(new Date());
    return {
      type_id: type!.id,
      start_date: today,
      start_time: '00:00',
      due_date: today,
      due_time: '23:59',
      targets: { include: [root!.id] },
      evidence: { comment: false, photos: 0, files: 0 },
      ...fields,
    };
  };
  return { rootId: root!.id, body };
}

/** The columns of `tasks` but `except`, quoted, as one SQL list: what a bench copies a task by. */
export async function taskColumnsBut(db: Db, except: string[]) {
  const columns = await sqlRows<{ column_name: string }>(
    db,
    sql`SELECT column_name FROM information_schema.columns
      WHERE table_name = 'tasks' AND table_schema = current_schema()
        AND column_name NOT IN (${sql.raw(except.map((c) => `'${c}'`).join(', '))})
      ORDER BY ordinal_position`,
  );
  return sql.raw(columns.map((r) => `"${r.column_name}"`).join(', '));
}
