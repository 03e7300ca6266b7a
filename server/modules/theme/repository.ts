import { asc, eq, sql } from 'drizzle-orm';
import type { ThemeSetting } from '../../../contract/api/session';
import { THEME_KEYS } from '../../../contract/constants';
import type { Db } from '../../db/client';
import { themeSettings } from '../../db/schema';

/** The tenant's ten theme settings; any the tenant never stored fall back to the product default. */
export async function listTheme(db: Db, tenantId: number): Promise<ThemeSetting[]> {
  const rows = await db
    .select({
      id: themeSettings.id,
      key: themeSettings.key,
      value: themeSettings.value,
      default: themeSettings.default,
    })
    .from(themeSettings)
    .where(eq(themeSettings.tenantId, tenantId))
    .orderBy(asc(themeSettings.id));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return THEME_KEYS.map(
    (k) => byId.get(k.id) ?? { id: k.id, key: k.key, value: k.default, default: k.default },
  );
}

export async function saveTheme(db: Db, tenantId: number, values: { id: number; value: string }[]) {
  if (values.length === 0) return;
  const rows = values.map(({ id, value }) => {
    const key = THEME_KEYS.find((k) => k.id === id)!;
    return { tenantId, id, key: key.key, value, default: key.default };
  });
  await db
    .insert(themeSettings)
    .values(rows)
    .onConflictDoUpdate({
      target: [themeSettings.tenantId, themeSettings.id],
      set: { value: sql`excluded.value`, updatedAt: new Date() },
    });
}

export async function seedTheme(db: Db, tenantId: number, overrides: Partial<Record<string, string>> = {}) {
  await db.insert(themeSettings).values(
    THEME_KEYS.map((k) => ({
      tenantId,
      id: k.id,
      key: k.key,
      value: overrides[k.key] ?? k.default,
      default: k.default,
    })),
  );
}
