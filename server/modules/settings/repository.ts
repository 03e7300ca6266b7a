import { and, asc, eq } from 'drizzle-orm';
import type { TenantSettings } from '../../../contract/api/session';
import {
  ADMIN_TENANT_MODULES,
  type Capability,
  capabilitiesOf,
  isModuleId,
  type ModuleId,
  type ModulePermission,
} from '../../../contract/modules';
import type { Db } from '../../db/client';
import { rolePermissions, settings, tenantModules, terms } from '../../db/schema';

export const DEFAULT_SETTINGS: TenantSettings = { week_starting_day: 1, max_active_workspace: 100 };

export async function loadTerms(db: Db, tenantId: number): Promise<Record<string, string>> {
  const rows = await db.select().from(terms).where(eq(terms.tenantId, tenantId));
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}

export async function loadSettings(db: Db, tenantId: number): Promise<TenantSettings> {
  const rows = await db.select().from(settings).where(eq(settings.tenantId, tenantId));
  const byKey = new Map(rows.map((r) => [r.key, r.value]));
  const int = (key: keyof TenantSettings) => {
    const n = Number(byKey.get(key));
    return Number.isInteger(n) ? n : DEFAULT_SETTINGS[key];
  };
  return { week_starting_day: int('week_starting_day'), max_active_workspace: int('max_active_workspace') };
}

/** Modules the tenant has switched on within the ceiling the platform operators set. */
export async function loadEnabledModules(db: Db, tenantId: number): Promise<Set<ModuleId>> {
  const rows = await db
    .select({ module: tenantModules.module, allowed: tenantModules.allowed, enabled: tenantModules.enabled })
    .from(tenantModules)
    .where(eq(tenantModules.tenantId, tenantId));
  return new Set(
    rows.filter((r) => r.allowed && r.enabled && isModuleId(r.module)).map((r) => r.module as ModuleId),
  );
}

/**
 * Effective permissions of a role = the role's grants ∩ the tenant's enabled modules ∩ the catalogue.
 * The admin tenant only ever gets tenant management (and its own profile); other tenants never do.
 */
export async function loadEffectivePermissions(
  db: Db,
  tenantId: number,
  roleId: number,
  isAdminTenant: boolean,
): Promise<ModulePermission[]> {
  const [grants, enabled] = await Promise.all([
    db
      .select()
      .from(rolePermissions)
      .where(and(eq(rolePermissions.tenantId, tenantId), eq(rolePermissions.roleId, roleId)))
      .orderBy(asc(rolePermissions.module)),
    loadEnabledModules(db, tenantId),
  ]);
  const result: ModulePermission[] = [];
  for (const grant of grants) {
    const id = grant.module.toLowerCase();
    if (!isModuleId(id) || !enabled.has(id)) continue;
    const adminOnly = ADMIN_TENANT_MODULES.includes(id);
    if (isAdminTenant ? !(adminOnly || id === 'profile') : adminOnly) continue;
    const known = new Set<string>(capabilitiesOf(id));
    const capabilities = grant.capabilities
      .map((c) => c.toLowerCase())
      .filter((c) => known.has(c)) as Capability[];
    result.push({ id, status: grant.enabled ? 'active' : 'inactive', capabilities });
  }
  return result;
}
