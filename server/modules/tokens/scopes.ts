import {
  type Capability,
  capabilitiesOf,
  isModuleId,
  type ModuleId,
  type ModulePermission,
  moduleOpenToTenant,
} from '../../../contract/modules';
import { type Caller, can } from '../../lib/caller';
import { badRequest, forbidden } from '../../lib/errors';

/** One scope of a token: a capability of a module of the permission catalogue. */
interface Scope {
  module: ModuleId;
  capability: Capability;
}

/**
 * The scopes asked for, each checked against the catalogue (spec §6) and normalised to
 * lower case without repeats. An unknown module or capability is a 400 that names it.
 */
export function parseScopes(asked: readonly string[], isAdminTenant: boolean): string[] {
  const scopes = [...new Set(asked.map((s) => s.trim().toLowerCase()))];
  const refuse = (message: string) => badRequest(message, { scopes: message });
  for (const scope of scopes) {
    const [module = '', capability = '', ...rest] = scope.split('.');
    if (!module || !capability || rest.length > 0)
      throw refuse(`The scope “${scope}” is not of the form module.capability (e.g. storeinfo.read).`);
    if (!isModuleId(module) || !moduleOpenToTenant(module, isAdminTenant))
      throw refuse(`The scope “${scope}” names no module: there is no module “${module}”.`);
    const known = capabilitiesOf(module);
    if (!known.includes(capability as Capability))
      throw refuse(
        `The scope “${scope}” names no capability: the module “${module}” has ${known.join(', ')}.`,
      );
  }
  return scopes.sort();
}

const scopeOf = (scope: string): Scope => {
  const [module, capability] = scope.split('.') as [ModuleId, Capability];
  return { module, capability };
};

/** A token never holds what its maker does not: every scope must be granted to the caller's role (403 naming it). */
export function assertCallerHolds(caller: Caller, scopes: readonly string[]): void {
  for (const scope of scopes) {
    const { module, capability } = scopeOf(scope);
    if (!can(caller, module, [capability]))
      throw forbidden(`You cannot give a token the scope “${scope}”: your own role does not grant it.`);
  }
}

/**
 * What a token may do at a request: its creator's permissions as their role grants them now,
 * narrowed to the token's scopes. A capability taken from the role is gone from the token too.
 */
export function scopedPermissions(
  permissions: readonly ModulePermission[],
  scopes: readonly string[],
): ModulePermission[] {
  const byModule = new Map<string, Set<string>>();
  for (const scope of scopes) {
    const { module, capability } = scopeOf(scope);
    byModule.set(module, (byModule.get(module) ?? new Set()).add(capability));
  }
  return permissions.flatMap((permission) => {
    const allowed = byModule.get(permission.id.toLowerCase());
    if (!allowed) return [];
    const capabilities = permission.capabilities.filter((c) => allowed.has(c.toLowerCase()));
    return capabilities.length ? [{ ...permission, capabilities }] : [];
  });
}
