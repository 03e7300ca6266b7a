import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { scimUsers } from '../../db/schema';
import { sqlRows } from '../../lib/jsonRows';

/** A person as SCIM answers them: their row and the directory's externalId. */
export interface ScimUserRow {
  id: number;
  username: string;
  email: string;
  firstname: string;
  lastname: string;
  preferredName: string | null;
  language: string | null;
  enabled: boolean;
  createdAt: string;
  updatedAt: string;
  externalId: string | null;
}

/** The columns filters name: `u` is the person, `s` their SCIM link (scim/users.ts's attributes). */
const FROM = sql`FROM users u LEFT JOIN scim_users s ON s.tenant_id = u.tenant_id AND s.user_id = u.id`;

const COLUMNS = sql`u.id, u.username, u.email, u.firstname, u.lastname, u.preferred_name AS "preferredName",
  u.language, u.enabled, u.created_at AS "createdAt", u.updated_at AS "updatedAt", s.external_id AS "externalId"`;

/** A page of the tenant's people matching `where` (in id order), and how many match in all. */
export async function findScimUsers(
  db: Db,
  tenantId: number,
  where: SQL | undefined,
  offset: number,
  limit: number,
): Promise<{ rows: ScimUserRow[]; total: number }> {
  const condition = sql`u.tenant_id = ${tenantId}${where ? sql` AND ${where}` : sql``}`;
  const [counted] = await sqlRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n ${FROM} WHERE ${condition}`,
  );
  const total = counted?.n ?? 0;
  if (limit === 0 || offset >= total) return { rows: [], total };
  const rows = await sqlRows<ScimUserRow>(
    db,
    sql`SELECT ${COLUMNS} ${FROM} WHERE ${condition} ORDER BY u.id OFFSET ${offset} LIMIT ${limit}`,
  );
  return { rows: rows.map(normalise), total };
}

export async function findScimUser(db: Db, tenantId: number, id: number): Promise<ScimUserRow | undefined> {
  const [row] = await sqlRows<ScimUserRow>(
    db,
    sql`SELECT ${COLUMNS} ${FROM} WHERE u.tenant_id = ${tenantId} AND u.id = ${id}`,
  );
  return row && normalise(row);
}

/** Drivers answer instants as Date or text: SCIM answers ISO text. */
function normalise(row: ScimUserRow): ScimUserRow {
  const iso = (at: unknown) => new Date(at as string).toISOString();
  return { ...row, createdAt: iso(row.createdAt), updatedAt: iso(row.updatedAt) };
}

/** Keeps the directory's externalId beside the person (none: the row goes). */
export async function saveExternalId(db: Db, tenantId: number, userId: number, externalId: string | null) {
  if (externalId === null) {
    await db.execute(sql`DELETE FROM scim_users WHERE tenant_id = ${tenantId} AND user_id = ${userId}`);
    return;
  }
  await db
    .insert(scimUsers)
    .values({ tenantId, userId, externalId })
    .onConflictDoUpdate({ target: [scimUsers.tenantId, scimUsers.userId], set: { externalId } });
}

/** The enterprise extension's values of these people, by the profile fields' short names. */
export async function enterpriseValues(
  db: Db,
  tenantId: number,
  userIds: readonly number[],
  shortNames: readonly string[],
): Promise<{ userId: number; shortName: string; value: string }[]> {
  if (userIds.length === 0) return [];
  return sqlRows(
    db,
    sql`SELECT v.user_id AS "userId", f.short_name AS "shortName", v.value
        FROM profile_values v JOIN profile_fields f ON f.tenant_id = v.tenant_id AND f.id = v.field_id
        WHERE v.tenant_id = ${tenantId} AND f.active
          AND f.short_name IN (SELECT json_array_elements_text(${JSON.stringify(shortNames)}::json))
          AND v.user_id IN (SELECT (json_array_elements_text(${JSON.stringify(userIds)}::json))::int)`,
  );
}
