import { and, eq, type InferSelectModel, ne, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';

/** A tenant-owned table keyed by (tenant_id, id). */
type TenantTable = PgTable & { tenantId: AnyPgColumn; id: AnyPgColumn };

/** Whether a row of the tenant other than `exceptId` has `value` in `column`, whatever its case. */
export async function nameTaken(
  db: Db,
  table: TenantTable,
  column: AnyPgColumn,
  tenantId: number,
  value: string,
  exceptId?: number,
) {
  const conditions = [eq(table.tenantId, tenantId), eq(sql`lower(${column})`, value.toLowerCase())];
  if (exceptId !== undefined) conditions.push(ne(table.id, exceptId));
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(and(...conditions))
    .limit(1);
  return Boolean(row);
}

/**
 * The tenant's row whose `column` (its id, or another key: a hash, a node id) is `value`; undefined
 * when the tenant has none (another tenant's row included).
 */
export async function findTenantRow<T extends PgTable & { tenantId: AnyPgColumn }>(
  db: Db,
  table: T,
  column: AnyPgColumn,
  tenantId: number,
  value: unknown,
): Promise<InferSelectModel<T> | undefined> {
  const [row] = await db
    .select()
    .from(table as PgTable)
    .where(and(eq(table.tenantId, tenantId), eq(column, value)));
  return row as InferSelectModel<T> | undefined;
}

/** Sets `values` on the tenant's row with this id. */
export async function updateTenantRow<T extends TenantTable>(
  db: Db,
  table: T,
  tenantId: number,
  id: number,
  values: PgUpdateSetSource<T>,
) {
  await db
    .update(table)
    .set(values)
    .where(and(eq(table.tenantId, tenantId), eq(table.id, id)));
}

/** Whether there was one to delete: of parallel deletes, one finds it. */
export async function deleteTenantRow(db: Db, table: TenantTable, tenantId: number, id: number) {
  const deleted = await db
    .delete(table)
    .where(and(eq(table.tenantId, tenantId), eq(table.id, id)))
    .returning({ id: table.id });
  return deleted.length > 0;
}
