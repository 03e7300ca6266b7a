import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { profileValues, users } from '../../db/schema';
import { updateTenantRow } from '../../lib/tenantRows';

export async function updateOwnProfile(
  db: Db,
  tenantId: number,
  userId: number,
  values: { preferredName?: string | null; avatar?: string | null; language?: string | null },
) {
  if (Object.values(values).every((value) => value === undefined)) return;
  await updateTenantRow(db, users, tenantId, userId, { ...values, updatedAt: new Date() });
}

export async function saveValue(db: Db, tenantId: number, userId: number, fieldId: number, value: string) {
  await db
    .insert(profileValues)
    .values({ tenantId, userId, fieldId, value })
    .onConflictDoUpdate({
      target: [profileValues.tenantId, profileValues.userId, profileValues.fieldId],
      set: { value },
    });
}

export async function deleteValue(db: Db, tenantId: number, userId: number, fieldId: number) {
  await db
    .delete(profileValues)
    .where(
      and(
        eq(profileValues.tenantId, tenantId),
        eq(profileValues.userId, userId),
        eq(profileValues.fieldId, fieldId),
      ),
    );
}

/** Every profile value of these users (bulk imports compare and fill them). */
export async function loadValuesOfMany(db: Db, tenantId: number, userIds: readonly number[]) {
  if (userIds.length === 0) return [];
  const ids = JSON.stringify(userIds);
  return db
    .select({ userId: profileValues.userId, fieldId: profileValues.fieldId, value: profileValues.value })
    .from(profileValues)
    .where(
      and(
        eq(profileValues.tenantId, tenantId),
        sql`${profileValues.userId} IN (SELECT (json_array_elements_text(${ids}::json))::int)`,
      ),
    );
}

/** Sets many users' values (insert or replace) in one statement. */
export async function saveValuesBulk(
  db: Db,
  tenantId: number,
  rows: readonly { userId: number; fieldId: number; value: string }[],
) {
  if (rows.length === 0) return;
  const json = JSON.stringify(rows.map((r) => ({ user_id: r.userId, field_id: r.fieldId, value: r.value })));
  await db.execute(sql`
    INSERT INTO ${profileValues} (tenant_id, user_id, field_id, value)
    SELECT ${tenantId}::int, v.user_id, v.field_id, v.value
    FROM json_to_recordset(${json}::json) AS v(user_id int, field_id int, value text)
    ON CONFLICT (tenant_id, user_id, field_id) DO UPDATE SET value = excluded.value`);
}
