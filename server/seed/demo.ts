import type { Db } from '../db/client';
import type { Caller } from '../lib/caller';
import { callerFor } from '../modules/session/service';
import { type ProvisionInput, provisionTenant } from '../modules/tenants/provision';

/** A demo tenant as the steps so far have made it; later steps look its nodes and people up here. */
export interface DemoTenant {
  tenantId: number;
  rootId: number;
  /** Role ids by name ("Administrator", "Team Member"…). */
  roleIds: Record<string, number>;
  /** Node ids of its containers and workspaces by name ("Sydney Metro", "Sydney CBD"…). */
  nodeIds: Record<string, number>;
  /** Node ids of its workspaces, in the order they were made. */
  storeIds: number[];
  /** User ids by e-mail address. */
  userIds: Record<string, number>;
}

/** Every demo tenant, for the steps that run once the organisations and their people exist. */
export interface DemoTenants {
  platform: DemoTenant;
  acme: DemoTenant;
  globex: DemoTenant;
}

/** A step of the demo data that works inside the organisations (see LATER_STEPS in index.ts). */
export type DemoStep = (db: Db, demo: DemoTenants) => Promise<void>;

/** Provisions a tenant the way the platform operators' screen does, with nothing in it yet. */
export async function demoTenant(db: Db, input: ProvisionInput): Promise<DemoTenant> {
  const tenant = await provisionTenant(db, input);
  return {
    tenantId: tenant.tenantId,
    rootId: tenant.rootId,
    roleIds: tenant.roleIds,
    nodeIds: {},
    storeIds: [],
    userIds: {},
  };
}

/**
 * The Caller of a demo user at their first position: demo data made through the services this way
 * passes the same checks (scope, role ceiling, limits) as when that person makes it in the app.
 */
export async function demoCaller(db: Db, tenant: DemoTenant, email: string): Promise<Caller> {
  const userId = tenant.userIds[email];
  const caller = userId === undefined ? undefined : await callerFor(db, tenant.tenantId, userId);
  if (!caller) throw new Error(`demo data: ${email} is not a demo user with a position`);
  return caller;
}
