import {
  ADMIN_TENANT_MODULES,
  type Capability,
  capabilitiesOf,
  hasCapabilities,
  isModuleId,
  type ModuleId,
} from '../../contract/modules';
import type { SessionUser } from './sessionUser';

/**
 * Every access decision of the web app lives here (design §8). Components ask through
 * react-admin's canAccess / <CanAccess> / useCanAccess, the route guard and the menu call these
 * functions directly; nothing else reads permissions.
 */
export type AccessSubject = Pick<SessionUser, 'id' | 'permissions' | 'isAdminTenant'>;

/**
 * The placeholder modules (library, insights, orders, survey) have no module id in spec §6, so no
 * role can grant or withhold them: every user of a customer tenant sees them, platform operators
 * (admin tenant) do not.
 */
export const PLACEHOLDER_RESOURCE = 'placeholder';

/** react-admin resource names (later issues mount these) → spec §6 module ids. */
const RESOURCE_MODULES: Readonly<Record<string, ModuleId>> = {
  tenants: 'tenant',
  users: 'user',
  workspaces: 'workspace',
  stores: 'storeinfo',
  hierarchy: 'hierarchy',
  roles: 'role',
  permissions: 'permission',
  departments: 'department',
  profiles: 'profile',
  'profile-fields': 'profilemanagement',
  settings: 'setting',
  themes: 'theme',
  tasks: 'taskmanagement',
  'my-tasks': 'mytasks',
  assignments: 'mytasks',
  audits: 'audit',
  reports: 'report',
};

/** react-admin action names → spec §6 capabilities; capability names map to themselves. */
const ACTION_CAPABILITIES: Readonly<Record<string, Capability>> = {
  list: 'read',
  show: 'read',
  read: 'read',
  export: 'read',
  create: 'create',
  clone: 'create',
  edit: 'update',
  update: 'update',
  delete: 'delete',
  disable: 'disable',
  enable: 'disable',
  complete: 'complete',
  manage: 'manage',
};

export function moduleOfResource(resource: string): ModuleId | undefined {
  // "users.role" (a field of a resource) is decided by its resource.
  const base = resource.trim().toLowerCase().split('.')[0] ?? '';
  if (isModuleId(base)) return base as ModuleId;
  return RESOURCE_MODULES[base];
}

export function capabilityOfAction(action: string): Capability | undefined {
  return ACTION_CAPABILITIES[action.trim().toLowerCase()];
}

/** Modules a platform operator may use; customer tenants never get tenant management. */
function moduleAllowedForTenant(user: AccessSubject, module: ModuleId): boolean {
  const adminOnly = ADMIN_TENANT_MODULES.includes(module);
  return user.isAdminTenant ? adminOnly || module === 'profile' : !adminOnly;
}

/** True when the user holds every listed capability on the module (case-insensitive ids, spec §6). */
export function hasModuleAccess(
  user: AccessSubject | undefined,
  module: ModuleId,
  capabilities: readonly Capability[] = ['read'],
): boolean {
  if (!user || !moduleAllowedForTenant(user, module)) return false;
  const known = capabilitiesOf(module);
  if (!capabilities.every((c) => known.includes(c))) return false;
  return hasCapabilities(user.permissions, module, capabilities);
}

function authorOf(record: unknown): number | undefined {
  if (typeof record !== 'object' || record === null) return undefined;
  const r = record as Record<string, unknown>;
  const author = r.author_id ?? r.created_by;
  return typeof author === 'number' ? author : undefined;
}

export interface AccessRequest {
  action: string;
  resource: string;
  record?: unknown;
}

/** react-admin's canAccess contract, as a pure function of the session user. Unknown means no. */
export function canAccess(
  user: AccessSubject | undefined,
  { action, resource, record }: AccessRequest,
): boolean {
  if (!user) return false;
  if (resource === PLACEHOLDER_RESOURCE) return !user.isAdminTenant;
  const module = moduleOfResource(resource);
  const capability = capabilityOfAction(action);
  if (!module || !capability) return false;
  const required: Capability[] = [capability];
  // Design §5: editing or deleting a task someone else wrote also needs `manage`.
  const author = authorOf(record);
  if (
    module === 'taskmanagement' &&
    (capability === 'update' || capability === 'delete') &&
    author !== undefined
  ) {
    if (author !== user.id) required.push('manage');
  }
  return hasModuleAccess(user, module, required);
}

/** What a route or menu entry needs: a module's capabilities, a placeholder, or nothing beyond a session. */
export type AccessRule =
  | { module: ModuleId; can?: readonly Capability[] }
  | { placeholder: true }
  | { open: true };

/** A route's or menu entry's rule: the module's capabilities (read when none is named). */
export const needs = (module: ModuleId, ...can: Capability[]): AccessRule => ({
  module,
  can: can.length ? can : ['read'],
});

/**
 * Spec §2 does not give the placeholder modules (library, insights, orders, survey) a module id
 * and §6 has none to give, so no role can withhold them: every user of a customer tenant may open
 * them, and platform operators (admin tenant, who see only Tenant) may not.
 */
export const PLACEHOLDER_ACCESS: AccessRule = { placeholder: true };

export function satisfies(user: AccessSubject | undefined, rule: AccessRule): boolean {
  if (!user) return false;
  if ('open' in rule) return true;
  if ('placeholder' in rule) return !user.isAdminTenant;
  return hasModuleAccess(user, rule.module, rule.can ?? ['read']);
}
