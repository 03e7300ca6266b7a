import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { profileFields, profileValues, users } from '../../db/schema';

/** The user's profile values with each field's short name (the session reads `timezone` from here). */
export async function loadProfileData(db: Db, tenantId: number, userId: number) {
  return db
    .select({
      id: profileValues.id,
      field_id: profileValues.fieldId,
      short_name: profileFields.shortName,
      value: profileValues.value,
    })
    .from(profileValues)
    .innerJoin(
      profileFields,
      and(eq(profileFields.tenantId, profileValues.tenantId), eq(profileFields.id, profileValues.fieldId)),
    )
    .where(
      and(
        eq(profileValues.tenantId, tenantId),
        eq(profileValues.userId, userId),
        eq(profileFields.active, true),
      ),
    )
    .orderBy(asc(profileFields.sortOrder), asc(profileFields.id));
}

export async function updateOwnProfile(
  db: Db,
  tenantId: number,
  userId: number,
  values: { preferredName?: string | null; avatar?: string | null },
) {
  if (values.preferredName === undefined && values.avatar === undefined) return;
  await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
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
