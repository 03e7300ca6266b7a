import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { DepartmentListQuery } from '../../../contract/api/departments';
import type { Db } from '../../db/client';
import { departments } from '../../db/schema';
import { anyContains } from '../../lib/like';
import { pageWithTotal, totalCount } from '../../lib/paging';
import { deleteTenantRow, findTenantRow, nameTaken } from '../../lib/tenantRows';

export type DepartmentRow = typeof departments.$inferSelect;

const SORTS = {
  name: sql`lower(${departments.name})`,
  updated_at: sql`${departments.updatedAt}`,
  id: sql`${departments.id}`,
} as const;

export async function listDepartments(db: Db, tenantId: number, query: DepartmentListQuery) {
  const where = and(eq(departments.tenantId, tenantId), anyContains(query.q, [departments.name]));
  const sort = SORTS[query.sort ?? 'name'];
  const page = await db
    .select({ row: departments, total: totalCount() })
    .from(departments)
    .where(where)
    .orderBy(query.order === 'desc' ? desc(sort) : asc(sort), asc(departments.id))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  return pageWithTotal(page, query.page, async () => {
    const [all] = await db.select({ n: sql<number>`count(*)::int` }).from(departments).where(where);
    return all?.n ?? 0;
  });
}

export const findDepartment = (db: Db, tenantId: number, id: number) =>
  findTenantRow(db, departments, departments.id, tenantId, id);

export const departmentNameTaken = (db: Db, tenantId: number, name: string, exceptId?: number) =>
  nameTaken(db, departments, departments.name, tenantId, name, exceptId);

type DepartmentValues = Pick<DepartmentRow, 'name' | 'description' | 'colour'>;

export async function insertDepartment(db: Db, tenantId: number, values: DepartmentValues) {
  const [row] = await db
    .insert(departments)
    .values({ tenantId, ...values })
    .returning();
  return row!;
}

export async function updateDepartment(db: Db, tenantId: number, id: number, values: DepartmentValues) {
  const [row] = await db
    .update(departments)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(departments.tenantId, tenantId), eq(departments.id, id)))
    .returning();
  return row;
}

export const deleteDepartment = (db: Db, tenantId: number, id: number) =>
  deleteTenantRow(db, departments, tenantId, id);
