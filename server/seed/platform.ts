import type { Db } from '../db/client';
import { type DemoTenant, demoTenant } from './demo';
import { addDemoPeople, DEMO_USERS } from './people';

/** The admin tenant, which operates the platform, with its one operator at the root. */
export async function seedPlatform(db: Db): Promise<DemoTenant> {
  const platform = await demoTenant(db, { identifier: 'admin', name: 'Storeline Platform' });
  await addDemoPeople(db, platform, [
    {
      email: DEMO_USERS.operator,
      firstname: 'Pat',
      lastname: 'Operator',
      nodeId: platform.rootId,
      roleId: platform.roleIds['Platform Operator']!,
    },
  ]);
  return platform;
}
