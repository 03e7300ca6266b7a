import { ADMIN_TENANT_IDENTIFIER, type ModuleId } from '../../../contract/modules';
import type { Db } from '../../db/client';
import {
  profileFields,
  rolePermissions,
  roles,
  settings,
  taskTypes,
  tenantModules,
  tenants,
  terms,
  type users,
} from '../../db/schema';
import { insertNode } from '../hierarchy/repository';
import { DEFAULT_SETTINGS, setAllowedModules } from '../settings/repository';
import { FALLBACK_TIMEZONE, TENANT_TIMEZONE_KEY } from '../taskmanagement/timezone';
import { seedTheme } from '../theme/repository';
import {
  ADMINISTRATOR_ROLE,
  DEFAULT_ALLOWED_MODULES,
  DEFAULT_ROLES,
  DEFAULT_TASK_TYPES,
  DEFAULT_TERMS,
  PLATFORM_OPERATOR_ROLE,
} from './defaults';
import { insertAdministrator } from './repository';

export interface ProvisionInput {
  identifier: string;
  name: string;
  /** The modules the tenant may use (all but tenant management when absent); all start switched on. */
  modules?: readonly ModuleId[];
  terms?: Record<string, string>;
  theme?: Record<string, string>;
  weekStartingDay?: number;
  maxActiveWorkspace?: number;
  /** The zone of workspaces that name none (tasks' local times apply in it); UTC when absent. */
  timezone?: string;
  /** The first administrator: positioned at the root with the Administrator role. */
  administrator?: { email: string; firstname: string; lastname: string; passwordHash: string };
}

export interface Provisioned {
  tenantId: number;
  rootId: number;
  rootPath: string;
  unassignedId: number;
  roleIds: Record<string, number>;
  administrator?: typeof users.$inferSelect;
}

/**
 * Creates a tenant with everything it needs to be signed in to: root and unassigned nodes, default
 * roles, task types, terms, theme, settings, modules, the built-in timezone profile field and,
 * when given, its first administrator. Call inside a transaction so that a failure leaves nothing
 * behind.
 */
export async function provisionTenant(db: Db, input: ProvisionInput): Promise<Provisioned> {
  const isAdmin = input.identifier.toLowerCase() === ADMIN_TENANT_IDENTIFIER;
  const [tenant] = await db
    .insert(tenants)
    .values({ identifier: input.identifier, name: input.name })
    .returning({ id: tenants.id });
  const tenantId = tenant!.id;

  const root = await insertNode(db, tenantId, {
    parentId: null,
    parentPath: '/',
    type: 'root',
    name: input.name,
    level: 0,
  });
  const unassigned = await insertNode(db, tenantId, {
    parentId: root.id,
    parentPath: root.path,
    type: 'unassigned',
    name: 'Unassigned',
    level: 1,
    sortOrder: 1_000_000,
  });

  const roleDefs = isAdmin ? [PLATFORM_OPERATOR_ROLE] : DEFAULT_ROLES;
  const roleIds: Record<string, number> = {};
  for (const def of roleDefs) {
    const [role] = await db
      .insert(roles)
      .values({ tenantId, name: def.name, description: def.description })
      .returning({ id: roles.id });
    roleIds[def.name] = role!.id;
    await db.insert(rolePermissions).values(
      Object.entries(def.grants).map(([module, capabilities]) => ({
        tenantId,
        roleId: role!.id,
        module,
        capabilities: capabilities ?? [],
      })),
    );
  }

  if (isAdmin) {
    await db
      .insert(tenantModules)
      .values(['tenant', 'profile'].map((module) => ({ tenantId, module, allowed: true, enabled: true })));
  } else {
    await setAllowedModules(db, tenantId, input.modules ?? DEFAULT_ALLOWED_MODULES);
  }

  await db
    .insert(terms)
    .values(
      Object.entries({ ...DEFAULT_TERMS, ...input.terms }).map(([key, value]) => ({ tenantId, key, value })),
    );
  await db.insert(settings).values([
    {
      tenantId,
      key: 'week_starting_day',
      value: String(input.weekStartingDay ?? DEFAULT_SETTINGS.week_starting_day),
    },
    {
      tenantId,
      key: 'max_active_workspace',
      value: String(input.maxActiveWorkspace ?? DEFAULT_SETTINGS.max_active_workspace),
    },
    { tenantId, key: TENANT_TIMEZONE_KEY, value: input.timezone ?? FALLBACK_TIMEZONE },
  ]);
  await seedTheme(db, tenantId, input.theme);
  if (!isAdmin) {
    await db.insert(taskTypes).values(DEFAULT_TASK_TYPES.map((t) => ({ tenantId, ...t })));
  }
  await db.insert(profileFields).values({
    tenantId,
    name: 'Time zone',
    shortName: 'timezone',
    type: 'timezone',
    sortOrder: 0,
    builtIn: true,
  });

  const administrator = input.administrator
    ? await insertAdministrator(db, tenantId, {
        ...input.administrator,
        nodeId: root.id,
        roleId: roleIds[ADMINISTRATOR_ROLE]!,
      })
    : undefined;

  return {
    tenantId,
    rootId: root.id,
    rootPath: root.path,
    unassignedId: unassigned.id,
    roleIds,
    administrator,
  };
}
