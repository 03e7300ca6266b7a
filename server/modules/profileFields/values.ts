import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { profileFields, profileValues } from '../../db/schema';

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
