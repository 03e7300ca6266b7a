import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import type { Caller } from '../lib/caller';
import * as roles from '../modules/roles/service';
import { ACME_TREE } from './acmeTree';
import { type DemoTenant, demoCaller, demoTenant } from './demo';
import { addDemoPeople, DEMO_LANGUAGES, DEMO_USERS, teamMembers } from './people';
import { addContainer, addStore } from './tree';

/**
 * Acme Retail, the tenant the README walks through: it calls a workspace a Store, has 12 stores
 * under 2 states and 4 areas, and 45 people — the owner at the root, an area manager, a store
 * manager, a team member, one who must reset their password, and 40 team members.
 */
export async function seedAcme(db: Db): Promise<DemoTenant> {
  const acme = await demoTenant(db, {
    identifier: 'acme',
    name: 'Acme Retail',
    terms: { workspace: 'Store' },
    maxActiveWorkspace: 50,
    theme: {
      primary: '#c62828',
      secondary: '#283593',
      tertiary: '#f9a825',
      bg_primary: '#b71c1c',
      text_bg_primary: '#ffffff',
    },
  });
  const role = (name: string) => acme.roleIds[name]!;
  await addDemoPeople(db, acme, [
    {
      email: DEMO_USERS.owner,
      firstname: 'Olivia',
      lastname: 'Owner',
      nodeId: acme.rootId,
      roleId: role('Administrator'),
    },
  ]);

  // The owner builds the tree, as they would on the hierarchy screen.
  const owner = await demoCaller(db, acme, DEMO_USERS.owner);
  for (const state of ACME_TREE) {
    const stateId = await addContainer(db, owner, acme, acme.rootId, state.state);
    for (const area of state.areas) {
      const areaId = await addContainer(db, owner, acme, stateId, area.name);
      for (const store of area.stores) await addStore(db, owner, acme, areaId, store);
    }
  }

  await letAreaManagersOrganise(db, owner, role('Area Manager'));

  const node = (name: string) => acme.nodeIds[name]!;
  await addDemoPeople(db, acme, [
    {
      email: DEMO_USERS.area,
      firstname: 'Aaron',
      lastname: 'Area',
      nodeId: node('Sydney Metro'),
      roleId: role('Area Manager'),
    },
    {
      email: DEMO_USERS.store,
      firstname: 'Sophie',
      lastname: 'Store',
      nodeId: node('Sydney CBD'),
      roleId: role('Store Manager'),
    },
    {
      email: DEMO_USERS.staff,
      firstname: 'Sam',
      lastname: 'Staff',
      nodeId: node('Sydney CBD'),
      roleId: role('Team Member'),
    },
    {
      email: DEMO_USERS.reset,
      firstname: 'Riley',
      lastname: 'Reset',
      nodeId: node('Parramatta'),
      roleId: role('Team Member'),
      forceReset: true,
    },
    ...teamMembers(40, 'acme.test', acme.storeIds, role('Team Member')),
  ]);
  // Two of them read Storeline in Spanish and in French (issue 31; README's demo logins).
  for (const [email, language] of Object.entries(DEMO_LANGUAGES))
    await db
      .update(users)
      .set({ language })
      .where(and(eq(users.tenantId, acme.tenantId), eq(users.id, acme.userIds[email]!)));
  return acme;
}

/**
 * Acme's owner lets area managers organise their own stores: the hierarchy screen needs hierarchy
 * read and update (spec §2), and an area manager's position keeps them inside their area. Done
 * as the owner would on the role screen; new tenants keep the default, read-only role.
 */
async function letAreaManagersOrganise(db: Db, owner: Caller, roleId: number): Promise<void> {
  const role = await roles.get(db, owner, roleId);
  const permissions = role.permissions.map((p) =>
    p.id === 'hierarchy' ? { ...p, capabilities: [...new Set([...p.capabilities, 'read', 'update'])] } : p,
  );
  await roles.update(db, owner, { id: role.id, name: role.name, description: role.description, permissions });
}
