/**
 * The module catalogue of spec §6: every module id with the capabilities it knows.
 * Server guards and the web app's canAccess both read this one list, so a capability
 * that is not declared here cannot be granted or checked anywhere.
 */
export const GENERAL_CAPABILITIES = ['create', 'read', 'update', 'delete'] as const;

export const MODULES = {
  tenant: { label: 'Tenant Management', capabilities: [...GENERAL_CAPABILITIES] },
  dashboard: { label: 'Dashboard', capabilities: [...GENERAL_CAPABILITIES] },
  theme: { label: 'Theme', capabilities: [...GENERAL_CAPABILITIES] },
  setting: { label: 'Setting', capabilities: [...GENERAL_CAPABILITIES] },
  profile: { label: 'Profile', capabilities: [...GENERAL_CAPABILITIES] },
  storeinfo: { label: 'Store Info', capabilities: [...GENERAL_CAPABILITIES] },
  user: { label: 'User', capabilities: [...GENERAL_CAPABILITIES, 'disable'] },
  profilemanagement: { label: 'Profile Management', capabilities: [...GENERAL_CAPABILITIES] },
  department: { label: 'Department', capabilities: [...GENERAL_CAPABILITIES] },
  workspace: { label: 'Workspace', capabilities: [...GENERAL_CAPABILITIES] },
  hierarchy: { label: 'Hierarchy', capabilities: [...GENERAL_CAPABILITIES] },
  role: { label: 'Role', capabilities: [...GENERAL_CAPABILITIES] },
  permission: { label: 'Permission', capabilities: [...GENERAL_CAPABILITIES] },
  mytasks: { label: 'My Tasks', capabilities: [...GENERAL_CAPABILITIES, 'complete'] },
  taskmanagement: { label: 'Task Management', capabilities: [...GENERAL_CAPABILITIES, 'manage'] },
  compliance: { label: 'Compliance', capabilities: [...GENERAL_CAPABILITIES, 'complete'] },
  audit: { label: 'Audit', capabilities: [...GENERAL_CAPABILITIES] },
  report: { label: 'Report', capabilities: [...GENERAL_CAPABILITIES] },
  /** Scored form templates (issue 48): build, version, duplicate, archive. */
  formtemplate: { label: 'Form Templates', capabilities: [...GENERAL_CAPABILITIES] },
  /**
   * Inspections of stores with a form (issue 48): create starts a store visit, read sees those of
   * the caller's part of the tree, update continues or corrects someone else's unfinished one,
   * delete removes one.
   */
  inspection: { label: 'Inspections', capabilities: [...GENERAL_CAPABILITIES] },
  /**
   * Actions tracked to closure (issue 49): create raises one at a store in scope, read sees those
   * of the caller's part of the tree (and works those assigned to them or their store), update
   * edits, closes and reopens, delete removes.
   */
  action: { label: 'Actions', capabilities: [...GENERAL_CAPABILITIES] },
  /** The administration log: read only (entries are written by the writes themselves). */
  activity: { label: 'Activity', capabilities: ['read'] },
} as const satisfies Record<string, { label: string; capabilities: readonly string[] }>;

export type ModuleId = keyof typeof MODULES;
export type Capability = 'create' | 'read' | 'update' | 'delete' | 'disable' | 'complete' | 'manage';

export const MODULE_IDS = Object.keys(MODULES) as ModuleId[];

/** Modules only the admin tenant (platform operators) may use. */
export const ADMIN_TENANT_MODULES: readonly ModuleId[] = ['tenant'];
export const ADMIN_TENANT_IDENTIFIER = 'admin';

/**
 * Whether a tenant's people may use a module at all (before their role's grants): platform
 * operators use tenant management, their own profile and their own activity log (tenant
 * management and their sign-ins, issue 32); customer tenants everything but tenant management.
 * The server's permissions and the web app's menu and routes both ask this one function.
 */
export function moduleOpenToTenant(module: ModuleId, isAdminTenant: boolean): boolean {
  const adminOnly = ADMIN_TENANT_MODULES.includes(module);
  return isAdminTenant ? adminOnly || module === 'profile' || module === 'activity' : !adminOnly;
}

export function isModuleId(value: string): value is ModuleId {
  return Object.hasOwn(MODULES, value.toLowerCase());
}

export function capabilitiesOf(module: ModuleId): readonly Capability[] {
  return MODULES[module].capabilities as readonly Capability[];
}

/** A module's permission as the API sends it: spec §3 "Permission entry per module". */
export interface ModulePermission {
  id: ModuleId;
  status: 'active' | 'inactive';
  capabilities: Capability[];
}

/** True when the permissions grant every capability listed for the module (ids compared case-insensitively). */
export function hasCapabilities(
  permissions: readonly ModulePermission[],
  module: string,
  required: readonly string[],
): boolean {
  const wanted = module.toLowerCase();
  const entry = permissions.find((p) => p.id.toLowerCase() === wanted);
  if (entry?.status !== 'active') return false;
  const granted = new Set(entry.capabilities.map((c) => c.toLowerCase()));
  return required.every((c) => granted.has(c.toLowerCase()));
}
