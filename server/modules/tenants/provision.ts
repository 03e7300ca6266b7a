import { ADMIN_TENANT_IDENTIFIER, MODULE_IDS, type ModuleId } from '../../../contract/modules';
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
} from '../../db/schema';
import { insertNode } from '../hierarchy/repository';
import { seedTheme } from '../theme/repository';
import { DEFAULT_ROLES, DEFAULT_TASK_TYPES, DEFAULT_TERMS, PLATFORM_OPERATOR_ROLE } from './defaults';

export interface ProvisionInput {
  identifier: string;
  name: string;
  modules?: ModuleId[];
  terms?: Record<string, string>;
  theme?: Record<string, string>;
  weekStartingDay?: number;
  maxActiveWorkspace?: number;
}

export interface Provisioned {
  tenantId: number;
  rootId: number;
  rootPath: string;
  unassignedId: number;
  roleIds: Record<string, number>;
}

/**
 * Creates a tenant with everything it needs to be signed in to: root and unassigned nodes, default
 * roles, task types, terms, theme, settings, modules and the built-in timezone profile field.
 * Call inside a transaction so that a failure leaves nothing behind.
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

  const allowed = isAdmin ? ['tenant', 'profile'] : MODULE_IDS.filter((m) => m !== 'tenant');
  const enabled = new Set(input.modules ?? allowed);
  await db.insert(tenantModules).values(
    allowed.map((module) => ({
      tenantId,
      module,
      allowed: true,
      enabled: enabled.has(module as ModuleId),
    })),
  );

  await db
    .insert(terms)
    .values(
      Object.entries({ ...DEFAULT_TERMS, ...input.terms }).map(([key, value]) => ({ tenantId, key, value })),
    );
  await db.insert(settings).values([
    { tenantId, key: 'week_starting_day', value: String(input.weekStartingDay ?? 1) },
    { tenantId, key: 'max_active_workspace', value: String(input.maxActiveWorkspace ?? 100) },
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

  return { tenantId, rootId: root.id, rootPath: root.path, unassignedId: unassigned.id, roleIds };
}
