import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { TenantSettings } from '../../../contract/api/session';
import { ACTIVITY_RETENTION_SETTING } from '../../../contract/api/settings';
import { DEFAULT_MAX_ACTIVE_WORKSPACE } from '../../../contract/api/tenants';
import { isLanguage, type Language } from '../../../contract/languages';
import {
  ADMIN_TENANT_MODULES,
  MODULE_IDS,
  type ModuleId,
  type ModulePermission,
} from '../../../contract/modules';
import type { Db } from '../../db/client';
import { rolePermissions, settings, tenantModules, terms } from '../../db/schema';
import { effectivePermissions, enabledModuleSet } from '../../lib/permissions';
import { readTogether } from '../../lib/readTogether';

export const DEFAULT_SETTINGS: TenantSettings = {
  week_starting_day: 1,
  max_active_workspace: DEFAULT_MAX_ACTIVE_WORKSPACE,
  language: null,
};

type NumericSetting = 'week_starting_day' | 'max_active_workspace';

/** The settings row (key) that holds the tenant's default language; no row: none chosen. */
const LANGUAGE_SETTING = 'language';

/** The tenant's default language: saved, or removed (null) so each browser's applies again. */
export async function saveLanguage(db: Db, tenantId: number, language: Language | null) {
  if (language === null) {
    await db.delete(settings).where(and(eq(settings.tenantId, tenantId), eq(settings.key, LANGUAGE_SETTING)));
    return;
  }
  await db
    .insert(settings)
    .values({ tenantId, key: LANGUAGE_SETTING, value: language })
    .onConflictDoUpdate({ target: [settings.tenantId, settings.key], set: { value: language } });
}

export async function loadTerms(db: Db, tenantId: number): Promise<Record<string, string>> {
  const rows = await db.select().from(terms).where(eq(terms.tenantId, tenantId));
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}

export async function loadSettings(db: Db, tenantId: number): Promise<TenantSettings> {
  const rows = await db.select().from(settings).where(eq(settings.tenantId, tenantId));
  const byKey = new Map(rows.map((r) => [r.key, r.value]));
  const int = (key: NumericSetting) => {
    const n = Number(byKey.get(key));
    return Number.isInteger(n) ? n : DEFAULT_SETTINGS[key];
  };
  const language = byKey.get(LANGUAGE_SETTING);
  return {
    week_starting_day: int('week_starting_day'),
    max_active_workspace: int('max_active_workspace'),
    language: isLanguage(language) ? language : null,
  };
}

/** Modules the tenant has switched on within the ceiling the platform operators set. */
export async function loadEnabledModules(db: Db, tenantId: number): Promise<Set<ModuleId>> {
  const rows = await db
    .select({ module: tenantModules.module, allowed: tenantModules.allowed, enabled: tenantModules.enabled })
    .from(tenantModules)
    .where(eq(tenantModules.tenantId, tenantId));
  return enabledModuleSet(rows.filter((r) => r.allowed && r.enabled).map((r) => r.module));
}

/** Effective permissions of a role (see effectivePermissions), read from the database. */
export async function loadEffectivePermissions(
  db: Db,
  tenantId: number,
  roleId: number,
  isAdminTenant: boolean,
): Promise<ModulePermission[]> {
  // Also run inside transactions (a Caller made for demo data), hence readTogether.
  const [grants, enabled] = await readTogether(db, [
    () =>
      db
        .select()
        .from(rolePermissions)
        .where(and(eq(rolePermissions.tenantId, tenantId), eq(rolePermissions.roleId, roleId)))
        .orderBy(asc(rolePermissions.module)),
    () => loadEnabledModules(db, tenantId),
  ]);
  return effectivePermissions(grants, enabled, isAdminTenant);
}

export interface TenantModuleRow {
  module: string;
  allowed: boolean;
  enabled: boolean;
}

export async function listTenantModules(db: Db, tenantId: number): Promise<TenantModuleRow[]> {
  return db
    .select({ module: tenantModules.module, allowed: tenantModules.allowed, enabled: tenantModules.enabled })
    .from(tenantModules)
    .where(eq(tenantModules.tenantId, tenantId));
}

/** The ceiling the platform operators allow (tenant management itself is never among it). */
export async function loadAllowedModules(db: Db, tenantId: number): Promise<ModuleId[]> {
  const rows = await listTenantModules(db, tenantId);
  const allowed = new Set(rows.filter((r) => r.allowed).map((r) => r.module.toLowerCase()));
  return MODULE_IDS.filter((m) => allowed.has(m) && !ADMIN_TENANT_MODULES.includes(m));
}

/** Allows and switches on these modules (the admin tenant's, which no operator changes). */
export async function insertModules(db: Db, tenantId: number, modules: readonly string[]) {
  await db
    .insert(tenantModules)
    .values(modules.map((module) => ({ tenantId, module, allowed: true, enabled: true })));
}

/**
 * Sets the ceiling for a customer tenant. A module newly allowed starts switched on, so it shows up
 * for the tenant at once; one taken away keeps the tenant's own switch for when it comes back.
 */
export async function setAllowedModules(db: Db, tenantId: number, allowed: readonly ModuleId[]) {
  const wanted = new Set(allowed);
  await db
    .insert(tenantModules)
    .values(
      MODULE_IDS.filter((m) => !ADMIN_TENANT_MODULES.includes(m)).map((module) => ({
        tenantId,
        module,
        allowed: wanted.has(module),
        enabled: wanted.has(module),
      })),
    )
    .onConflictDoUpdate({
      target: [tenantModules.tenantId, tenantModules.module],
      set: {
        enabled: sql`case when ${tenantModules.allowed} then ${tenantModules.enabled} else excluded.allowed end`,
        allowed: sql`excluded.allowed`,
      },
    });
}

/** The tenant's own switches; callers check the modules are within the ceiling first. */
export async function setEnabledModules(
  db: Db,
  tenantId: number,
  switches: { id: ModuleId; enabled: boolean }[],
) {
  for (const enabled of [true, false]) {
    const modules = switches.filter((s) => s.enabled === enabled).map((s) => s.id);
    if (modules.length === 0) continue;
    await db
      .update(tenantModules)
      .set({ enabled })
      .where(and(eq(tenantModules.tenantId, tenantId), inArray(tenantModules.module, modules)));
  }
}

/** Upserts the given terms and removes the listed keys (their product default applies again). */
export async function saveTerms(db: Db, tenantId: number, values: Record<string, string>, removed: string[]) {
  const rows = Object.entries(values).map(([key, value]) => ({ tenantId, key, value }));
  if (rows.length) {
    await db
      .insert(terms)
      .values(rows)
      .onConflictDoUpdate({ target: [terms.tenantId, terms.key], set: { value: sql`excluded.value` } });
  }
  if (removed.length) {
    await db.delete(terms).where(and(eq(terms.tenantId, tenantId), inArray(terms.key, removed)));
  }
}

/** The administration log's retention in days (0: keep everything). */
export async function loadRetentionDays(db: Db, tenantId: number): Promise<number> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(and(eq(settings.tenantId, tenantId), eq(settings.key, ACTIVITY_RETENTION_SETTING)));
  const days = Number(row?.value ?? 0);
  return Number.isInteger(days) && days > 0 ? days : 0;
}

export async function saveRetentionDays(db: Db, tenantId: number, days: number) {
  await db
    .insert(settings)
    .values({ tenantId, key: ACTIVITY_RETENTION_SETTING, value: String(days) })
    .onConflictDoUpdate({ target: [settings.tenantId, settings.key], set: { value: String(days) } });
}

export async function saveSetting(db: Db, tenantId: number, key: NumericSetting, value: number) {
  await db
    .insert(settings)
    .values({ tenantId, key, value: String(value) })
    .onConflictDoUpdate({ target: [settings.tenantId, settings.key], set: { value: String(value) } });
}
