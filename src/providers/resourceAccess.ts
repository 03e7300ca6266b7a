import { type Capability, isModuleId, type ModuleId } from '../../contract/modules';
import { type AccessSubject, hasModuleAccess } from './accessControl';

// react-admin's canAccess (resource + action) in terms of spec §6 modules and capabilities. A
// resource's module is declared in its folder; the app's registry (src/screenRegistry.ts) hands the
// registered resources down, since the providers sit below the screens.

/** What the providers know of a registered resource (routing/types.ts AppResource has more). */
export interface NamedResource {
  name: string;
  /** The spec §6 module whose capabilities decide what may be done with the resource. */
  module: ModuleId;
}

/** The registered resource of that name, if any ("users.role", a field of a resource, is its resource). */
export function resourceNamed<R extends NamedResource>(
  resources: readonly R[],
  resource: string,
): R | undefined {
  const base = resource.trim().toLowerCase().split('.')[0] ?? '';
  return resources.find((r) => r.name === base);
}

/**
 * The placeholder modules (library, insights, orders, survey) have no module id in spec §6, so no
 * role can grant or withhold them: every user of a customer tenant sees them, platform operators
 * (admin tenant) do not.
 */
export const PLACEHOLDER_RESOURCE = 'placeholder';

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

/**
 * A resource name's module: a registered resource's own (declared in its folder), else the name
 * itself when it is a module id (custom pages ask as "audit", "hierarchy", "theme"…).
 */
export function moduleOfResource(
  resources: readonly NamedResource[],
  resource: string,
): ModuleId | undefined {
  const own = resourceNamed(resources, resource)?.module;
  if (own) return own;
  // "users.role" (a field of a resource) is decided by its resource.
  const base = resource.trim().toLowerCase().split('.')[0] ?? '';
  return isModuleId(base) ? base : undefined;
}

export function capabilityOfAction(action: string): Capability | undefined {
  return ACTION_CAPABILITIES[action.trim().toLowerCase()];
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
  resources: readonly NamedResource[],
  user: AccessSubject | undefined,
  { action, resource, record }: AccessRequest,
): boolean {
  if (!user) return false;
  if (resource === PLACEHOLDER_RESOURCE) return !user.isAdminTenant;
  const module = moduleOfResource(resources, resource);
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
