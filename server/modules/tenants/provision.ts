import { ADMIN_TENANT_IDENTIFIER, type ModuleId } from '../../../contract/modules';
import type { Db } from '../../db/client';
import { settings, taskTypes } from '../../db/schema';
import { FALLBACK_TIMEZONE, TENANT_TIMEZONE_KEY } from '../../lib/workspaceZone';
import { createTreeRoot } from '../hierarchy/service';
import { addBuiltInFields } from '../profileFields/service';
import { addRole } from '../roles/service';
import { setUpSettings } from '../settings/service';
import { seedTheme } from '../theme/service';
import { addPeople, type UserRow } from '../users/service';
import {
  ADMINISTRATOR_ROLE,
  DEFAULT_ALLOWED_MODULES,
  DEFAULT_ROLES,
  DEFAULT_TASK_TYPES,
  DEFAULT_TERMS,
  PLATFORM_OPERATOR_ROLE,
} from './defaults';
import { insertTenant } from './repository';

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
  administrator?: UserRow;
}

/**
 * Creates a tenant with everything it needs to be signed in to: root and unassigned nodes, default
 * roles, task types, terms, theme, settings, modules, the built-in timezone profile field and,
 * when given, its first administrator. Each part is made by the module that owns it. Call inside
 * a transaction so that a failure leaves nothing behind.
 */
export async function provisionTenant(db: Db, input: ProvisionInput): Promise<Provisioned> {
  const isAdmin = input.identifier.toLowerCase() === ADMIN_TENANT_IDENTIFIER;
  const tenantId = await insertTenant(db, input.identifier, input.name);
  const { root, unassignedId } = await createTreeRoot(db, tenantId, input.name);

  const roleIds: Record<string, number> = {};
  for (const def of isAdmin ? [PLATFORM_OPERATOR_ROLE] : DEFAULT_ROLES) {
    const grants = Object.entries(def.grants).map(([module, capabilities]) => ({
      module,
      enabled: true,
      capabilities: capabilities ?? [],
    }));
    roleIds[def.name] = await addRole(db, tenantId, { name: def.name, description: def.description, grants });
  }

  await setUpSettings(
    db,
    tenantId,
    {
      modules: input.modules ?? DEFAULT_ALLOWED_MODULES,
      terms: { ...DEFAULT_TERMS, ...input.terms },
      weekStartingDay: input.weekStartingDay,
      maxActiveWorkspace: input.maxActiveWorkspace,
    },
    isAdmin,
  );
  // Task times of stores without their own zone are read in the tenant's.
  await db
    .insert(settings)
    .values({ tenantId, key: TENANT_TIMEZONE_KEY, value: input.timezone ?? FALLBACK_TIMEZONE });
  await seedTheme(db, tenantId, input.theme);
  // The task types are the task module's once it exists; until then a new tenant gets them here.
  if (!isAdmin) await db.insert(taskTypes).values(DEFAULT_TASK_TYPES.map((t) => ({ tenantId, ...t })));
  await addBuiltInFields(db, tenantId);

  const [administrator] = input.administrator
    ? await addPeople(db, tenantId, [
        {
          ...input.administrator,
          // They have never chosen a password: the invitation link is how they get one.
          forceReset: true,
          positions: [{ nodeId: root.id, roleId: roleIds[ADMINISTRATOR_ROLE]! }],
        },
      ])
    : [];

  return { tenantId, rootId: root.id, rootPath: root.path, unassignedId, roleIds, administrator };
}
