import type { Db } from '../db/client';
import { type DemoTenant, demoCaller, demoTenant } from './demo';
import { addDemoPeople, DEMO_USERS } from './people';
import { addContainer, addStore } from './tree';

/** Globex Stores: a second customer ("Branch") so that tenant isolation is always testable. */
export async function seedGlobex(db: Db): Promise<DemoTenant> {
  const globex = await demoTenant(db, {
    identifier: 'globex',
    name: 'Globex Stores',
    terms: { workspace: 'Branch' },
    theme: { primary: '#00695c', bg_primary: '#004d40' },
  });
  await addDemoPeople(db, globex, [
    {
      email: DEMO_USERS.globex,
      firstname: 'Hank',
      lastname: 'Scorpio',
      nodeId: globex.rootId,
      roleId: globex.roleIds.Administrator!,
    },
  ]);
  const owner = await demoCaller(db, globex, DEMO_USERS.globex);
  const north = await addContainer(db, owner, globex, globex.rootId, 'North');
  await addStore(db, owner, globex, north, {
    identifier: 'GLX-01',
    name: 'Springfield',
    street: '742 Evergreen Terrace',
    suburb: 'Springfield',
    city: 'Springfield',
    state: 'OR',
    postcode: '97403',
    timezone: 'America/Los_Angeles',
  });
  await addStore(db, owner, globex, north, {
    identifier: 'GLX-02',
    name: 'Shelbyville',
    street: '10 Main Street',
    suburb: 'Shelbyville',
    city: 'Shelbyville',
    state: 'OR',
    postcode: '97404',
    timezone: 'America/Los_Angeles',
  });
  await addDemoPeople(db, globex, [
    {
      email: 'staff@globex.test',
      firstname: 'Homer',
      lastname: 'Simpson',
      nodeId: globex.nodeIds.Springfield!,
      roleId: globex.roleIds['Team Member']!,
    },
  ]);
  return globex;
}
