import type { RolePermission } from '../../../contract/api/roles';
import {
  ADMIN_TENANT_MODULES,
  type Capability,
  capabilitiesOf,
  isModuleId,
  MODULE_IDS,
  MODULES,
  type ModuleId,
} from '../../../contract/modules';
import type { rolePermissions } from '../../db/schema';

/** One module's entry of a role: switched on or off, with the capabilities it grants. */
export type GrantRow = Pick<typeof rolePermissions.$inferSelect, 'module' | 'enabled' | 'capabilities'>;

/**
 * The rule against privilege escalation, used for roles and for the people who hold them:
 * a caller may give (or edit into a role, or manage a user holding) only capabilities their own
 * role grants. `complete` is the exception — completing the work sent to a workspace is what a
 * position there is for and gives no power over anyone, and the default Area Manager (who has
 * compliance.read only) must still be able to staff stores with Team Members and Store Managers.
 */
const FREE_CAPABILITIES: ReadonlySet<string> = new Set<Capability>(['complete']);

/** Modules a customer tenant's role may carry: the catalogue without the platform's own. */
export const TENANT_ROLE_MODULES: readonly ModuleId[] = MODULE_IDS.filter(
  (m) => !ADMIN_TENANT_MODULES.includes(m),
);

/** "module.capability" keys a grant list switches on (inactive modules grant nothing). */
export function activeKeys(grants: readonly GrantRow[]): Set<string> {
  const keys = new Set<string>();
  for (const g of grants) {
    if (!g.enabled) continue;
    for (const c of g.capabilities) keys.add(`${g.module.toLowerCase()}.${c.toLowerCase()}`);
  }
  return keys;
}

/** The capabilities `wanted` grants that `held` does not, as "Module capability" texts. */
export function beyond(held: readonly GrantRow[], wanted: readonly GrantRow[]): string[] {
  const mine = activeKeys(held);
  const extra: string[] = [];
  for (const key of activeKeys(wanted)) {
    const [module, capability] = key.split('.') as [string, string];
    if (FREE_CAPABILITIES.has(capability) || mine.has(key)) continue;
    const label = isModuleId(module) ? MODULES[module].label : module;
    extra.push(`${label} ${capability}`);
  }
  return extra;
}

export function toPermission(g: GrantRow): RolePermission {
  return {
    id: g.module.toLowerCase(),
    status: g.enabled ? 'active' : 'inactive',
    capabilities: [...g.capabilities],
  };
}

/**
 * Checks a role's permission entries against the catalogue of spec §6 and turns them into rows.
 * Errors are keyed `permissions.<module>` so a form can show them beside the module's row.
 */
export function parsePermissions(entries: readonly RolePermission[]): {
  grants: GrantRow[];
  errors: Record<string, string>;
} {
  const errors: Record<string, string> = {};
  const grants: GrantRow[] = [];
  const seen = new Set<string>();
  for (const entry of entries) {
    const module = entry.id.trim().toLowerCase();
    const key = `permissions.${module}`;
    if (!isModuleId(module) || !TENANT_ROLE_MODULES.includes(module)) {
      errors[key] = `"${entry.id}" is not a module a role can grant`;
      continue;
    }
    if (seen.has(module)) {
      errors[key] = `${MODULES[module].label} is listed twice`;
      continue;
    }
    seen.add(module);
    const known = capabilitiesOf(module) as readonly string[];
    const capabilities = [...new Set(entry.capabilities.map((c) => c.trim().toLowerCase()))];
    const unknown = capabilities.filter((c) => !known.includes(c));
    if (unknown.length) {
      errors[key] =
        `${MODULES[module].label} has no ${unknown.join(', ')} capability (it has ${known.join(', ')})`;
      continue;
    }
    // Keep the catalogue's order, so a role reads the same however the client sent it.
    const ordered = known.filter((c) => capabilities.includes(c));
    if (ordered.length === 0 && entry.status === 'inactive') continue;
    grants.push({ module, enabled: entry.status === 'active', capabilities: ordered });
  }
  return { grants, errors };
}
