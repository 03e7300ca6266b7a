import {
  type Capability,
  capabilitiesOf,
  isModuleId,
  type ModuleId,
  type ModulePermission,
  moduleOpenToTenant,
} from '../../contract/modules';

/*
 * What a role may do, from its grants and its tenant's modules: computed here, below the modules,
 * for the settings module (which stores both) and the session (which reads them in one query).
 */

/** A role's grant of one module, as stored. */
export interface Grant {
  module: string;
  enabled: boolean;
  capabilities: string[];
}

/**
 * Effective permissions of a role = the role's grants ∩ the tenant's enabled modules ∩ the catalogue.
 * The admin tenant only ever gets tenant management (and its own profile); other tenants never do.
 */
export function effectivePermissions(
  grants: readonly Grant[],
  enabled: ReadonlySet<string>,
  isAdminTenant: boolean,
): ModulePermission[] {
  const result: ModulePermission[] = [];
  for (const grant of grants) {
    const id = grant.module.toLowerCase();
    if (!isModuleId(id) || !enabled.has(id)) continue;
    if (!moduleOpenToTenant(id, isAdminTenant)) continue;
    const known = new Set<string>(capabilitiesOf(id));
    const capabilities = grant.capabilities
      .map((c) => c.toLowerCase())
      .filter((c) => known.has(c)) as Capability[];
    result.push({ id, status: grant.enabled ? 'active' : 'inactive', capabilities });
  }
  return result;
}

/** The tenant's switched-on modules (as stored) that name a module of the catalogue. */
export const enabledModuleSet = (modules: readonly string[]): Set<ModuleId> =>
  new Set(modules.filter(isModuleId));
