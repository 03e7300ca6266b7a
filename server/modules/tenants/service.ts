import { randomBytes } from 'node:crypto';
import {
  DEFAULT_MAX_ACTIVE_WORKSPACE,
  RESERVED_TENANT_IDENTIFIERS,
  TENANT_IDENTIFIER_PATTERN,
  type TenantCreateBody,
  type TenantListQuery,
  type TenantRecord,
  type TenantUpdateBody,
} from '../../../contract/api/tenants';
import { ADMIN_TENANT_MODULES, isModuleId, type ModuleId } from '../../../contract/modules';
import type { Db } from '../../db/client';
import type { Caller } from '../../lib/caller';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import { isUniqueViolation } from '../../lib/pgErrors';
import { bumpPeople, bumpVersion } from '../../lib/versions';
import type { Mailer } from '../mail/service';
import { sendResetMail } from '../session/passwords';
import { setAllowedModules, setWorkspaceLimit } from '../settings/service';
import { provisionTenant } from './provision';
import {
  anyTenantExists,
  deleteTenantSessions,
  findTenant,
  identifierTaken,
  listTenants,
  renameTenant,
  setTenantEnabled,
} from './repository';

const IDENTIFIER = new RegExp(TENANT_IDENTIFIER_PATTERN);
const DEFAULT_MAX = DEFAULT_MAX_ACTIVE_WORKSPACE;

/** Only the platform operators manage tenants; the guard already says so, this is the second wall. */
function assertOperator(caller: Caller) {
  if (!caller.isAdminTenant) throw forbidden();
}

function checkIdentifier(raw: string): string {
  const identifier = raw.trim();
  const field = (message: string) => badRequest(message, { identifier: message });
  if (!IDENTIFIER.test(identifier)) {
    throw field(
      'Use 1 to 40 lower-case letters, digits and hyphens, starting and ending with a letter or digit (for example "initech")',
    );
  }
  if ((RESERVED_TENANT_IDENTIFIERS as readonly string[]).includes(identifier)) {
    throw field(`"${identifier}" is reserved for Storeline itself; choose another identifier`);
  }
  return identifier;
}

function checkName(raw: string): string {
  const name = raw.trim();
  if (!name) throw badRequest('Give the tenant a name', { name: 'Give the tenant a name' });
  return name;
}

function checkModules(raw: readonly string[]): ModuleId[] {
  const modules = [...new Set(raw.map((m) => m.trim().toLowerCase()))];
  const unknown = modules.filter((m) => !isModuleId(m) || ADMIN_TENANT_MODULES.includes(m as ModuleId));
  if (unknown.length) {
    const message = `Unknown or not assignable module: ${unknown.join(', ')}`;
    throw badRequest(message, { modules: message });
  }
  return modules as ModuleId[];
}

/** "jane.doe@x" → Jane / Doe: a readable name until the administrator sets their own. */
function namesFromEmail(email: string): { firstname: string; lastname: string } {
  const words = (email.split('@')[0] ?? '')
    .split(/[._-]+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1));
  return { firstname: words[0] ?? 'Administrator', lastname: words.slice(1).join(' ') };
}

/** A database without any tenant (not even the platform's) has never been set up. */
export async function hasNoTenants(db: Db): Promise<boolean> {
  return !(await anyTenantExists(db));
}

export function listManagedTenants(db: Db, caller: Caller, query: TenantListQuery) {
  assertOperator(caller);
  return listTenants(db, query, DEFAULT_MAX);
}

export async function getTenant(db: Db, caller: Caller, id: number): Promise<TenantRecord> {
  assertOperator(caller);
  const tenant = await findTenant(db, id, DEFAULT_MAX);
  if (!tenant) throw notFound('Tenant');
  return tenant;
}

/**
 * Provisions a tenant and invites its first administrator in one transaction: the tenant, its
 * tree, roles, task types, terms, theme, settings and modules, the administrator at the root and
 * the invitation's token and outbox row. A failure at any step leaves none of it behind.
 */
export async function createTenant(
  db: Db,
  mailer: Mailer,
  publicUrl: string,
  caller: Caller,
  body: TenantCreateBody,
): Promise<TenantRecord> {
  assertOperator(caller);
  const identifier = checkIdentifier(body.identifier);
  const name = checkName(body.name);
  const modules = checkModules(body.modules);
  const email = body.admin_email.trim().toLowerCase();
  const derived = namesFromEmail(email);
  const firstname = body.admin_firstname?.trim() || derived.firstname;
  const lastname = body.admin_firstname?.trim() ? (body.admin_lastname?.trim() ?? '') : derived.lastname;
  // Nobody knows this password: the administrator chooses their own through the invitation.
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));

  const taken = () => {
    const message = `A tenant with the identifier "${identifier}" already exists`;
    return conflict(message, { identifier: message });
  };
  const tenantId = await db
    .transaction(async (tx) => {
      if (await identifierTaken(tx, identifier)) throw taken();
      const provisioned = await provisionTenant(tx, {
        identifier,
        name,
        modules,
        maxActiveWorkspace: body.max_active_workspace,
        administrator: { email, firstname, lastname, passwordHash },
      });
      await sendResetMail(tx, mailer, publicUrl, provisioned.tenantId, provisioned.administrator!, 'welcome');
      return provisioned.tenantId;
    })
    .catch((error: unknown) => {
      // Two operators creating the same identifier at once: the unique index decides.
      if (isUniqueViolation(error, 'tenants_identifier_uq')) throw taken();
      throw error;
    });
  return getTenant(db, caller, tenantId);
}

export async function updateTenant(db: Db, caller: Caller, body: TenantUpdateBody): Promise<TenantRecord> {
  const current = await getTenant(db, caller, body.id);
  const name = body.name === undefined ? undefined : checkName(body.name);
  const modules = body.modules === undefined ? undefined : checkModules(body.modules);
  const max = body.max_active_workspace;
  if (max !== undefined && max < current.active_workspaces) {
    const message = `${current.name} has ${current.active_workspaces} active workspaces; the limit cannot be lower until some are deactivated`;
    throw conflict(message, { max_active_workspace: message });
  }
  await db.transaction(async (tx) => {
    // What the target tenant's kept answers show moves on, not the operator's tenant: its row and
    // modules are everyone's guard's, its workspace limit is among the settings verify sends.
    let everyone = false;
    if (name !== undefined && name !== current.name) {
      await renameTenant(tx, current.id, name);
      everyone = true;
    }
    if (modules) {
      await setAllowedModules(tx, current.id, modules);
      everyone = true;
    }
    if (max !== undefined) await setWorkspaceLimit(tx, current.id, max);
    const settings = max !== undefined ? (['settings'] as const) : [];
    if (everyone) await bumpPeople(tx, current.id, 'everyone', ...settings);
    else await bumpVersion(tx, current.id, ...settings);
  });
  return getTenant(db, caller, current.id);
}

/** Disabling refuses the tenant's sign-ins (login and guard check the flag) and ends every session now. */
export async function setTenantStatus(
  db: Db,
  caller: Caller,
  id: number,
  enabled: boolean,
): Promise<TenantRecord> {
  const current = await getTenant(db, caller, id);
  await db.transaction(async (tx) => {
    await setTenantEnabled(tx, current.id, enabled);
    if (!enabled) await deleteTenantSessions(tx, current.id);
    // The guard's resolution holds the tenant row (the target tenant's, not the operator's).
    await bumpPeople(tx, current.id, 'everyone');
  });
  return getTenant(db, caller, current.id);
}
