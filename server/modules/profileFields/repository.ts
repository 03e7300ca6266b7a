import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { profileFields } from '../../db/schema';
import { deleteTenantRow, nameTaken, updateTenantRow } from '../../lib/tenantRows';

export type ProfileFieldRow = typeof profileFields.$inferSelect;
export type ProfileFieldValues = Pick<
  ProfileFieldRow,
  'name' | 'shortName' | 'type' | 'options' | 'required' | 'active'
>;

// Spelled out: drizzle leaves columns unqualified in single-table selects, which would bind the
// outer field's columns to the subquery's own table.
const valueCount = sql<number>`(
  select count(*)::int from profile_values v
  where v.tenant_id = "profile_fields"."tenant_id" and v.field_id = "profile_fields"."id"
)`;

/** Every field of the tenant in display order (a tenant has a handful, so no paging). */
export async function listFields(db: Db, tenantId: number, onlyActive = false) {
  const conditions = [eq(profileFields.tenantId, tenantId)];
  if (onlyActive) conditions.push(eq(profileFields.active, true));
  return db
    .select({ field: profileFields, valueCount })
    .from(profileFields)
    .where(and(...conditions))
    .orderBy(asc(profileFields.sortOrder), asc(profileFields.id));
}

export async function findField(db: Db, tenantId: number, id: number) {
  const [row] = await db
    .select({ field: profileFields, valueCount })
    .from(profileFields)
    .where(and(eq(profileFields.tenantId, tenantId), eq(profileFields.id, id)));
  return row;
}

export const shortNameTaken = (db: Db, tenantId: number, shortName: string, exceptId?: number) =>
  nameTaken(db, profileFields, profileFields.shortName, tenantId, shortName, exceptId);

export async function insertField(
  db: Db,
  tenantId: number,
  values: ProfileFieldValues & { builtIn?: boolean },
) {
  // New fields go to the end of the form. Read first: Citus takes no subquery inside INSERT … VALUES.
  const [last] = await db
    .select({ sortOrder: sql<number | null>`max(${profileFields.sortOrder})` })
    .from(profileFields)
    .where(eq(profileFields.tenantId, tenantId));
  const [row] = await db
    .insert(profileFields)
    .values({ tenantId, ...values, sortOrder: last?.sortOrder == null ? 0 : Number(last.sortOrder) + 1 })
    .returning({ id: profileFields.id });
  return row!.id;
}

export async function updateField(db: Db, tenantId: number, id: number, values: ProfileFieldValues) {
  await updateTenantRow(db, profileFields, tenantId, id, values);
}

export async function setSortOrder(db: Db, tenantId: number, id: number, sortOrder: number) {
  await updateTenantRow(db, profileFields, tenantId, id, { sortOrder });
}

// The values people entered go with the field (ON DELETE CASCADE).
export const deleteField = (db: Db, tenantId: number, id: number) =>
  deleteTenantRow(db, profileFields, tenantId, id);
