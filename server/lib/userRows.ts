import { and, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';

/** Changes a person's row (its updated_at with it). */
export async function updateUserRow(
  db: Db,
  tenantId: number,
  userId: number,
  values: Partial<Omit<typeof users.$inferInsert, 'tenantId' | 'id'>>,
) {
  await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
}

/** The tenant's people for whom `condition` holds. */
export const usersWhere = (db: Db, tenantId: number, condition: SQL) =>
  db
    .select()
    .from(users)
    .where(and(eq(users.tenantId, tenantId), condition));
