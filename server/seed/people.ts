import type { Db } from '../db/client';
import { hashPassword } from '../lib/passwords';
import { addPeople } from '../modules/users/service';
import type { DemoTenant } from './demo';

export const DEMO_PASSWORD = 'storeline-demo';

/** The demo accounts the README lists; tests sign in as these. */
export const DEMO_USERS = {
  operator: 'operator@admin.test',
  owner: 'owner@acme.test',
  area: 'area@acme.test',
  store: 'store@acme.test',
  staff: 'staff@acme.test',
  reset: 'reset@acme.test',
  globex: 'owner@globex.test',
} as const;

/** Demo team members (of the 40) who chose a language on their profile. */
export const DEMO_LANGUAGES = {
  'olivia.smith.1@acme.test': 'es',
  'noah.martin.2@acme.test': 'fr',
} as const;

interface DemoPerson {
  email: string;
  firstname: string;
  lastname: string;
  nodeId: number;
  roleId: number;
  forceReset?: boolean;
}

/** Adds people with the demo password, each with one position, and records their ids on the tenant. */
export async function addDemoPeople(db: Db, tenant: DemoTenant, people: DemoPerson[]) {
  // scrypt runs on libuv's pool, so hashing in parallel keeps the seed to about a second.
  const hashes = await Promise.all(people.map(() => hashPassword(DEMO_PASSWORD)));
  const added = await addPeople(
    db,
    tenant.tenantId,
    people.map((p, i) => ({
      email: p.email,
      firstname: p.firstname,
      lastname: p.lastname,
      passwordHash: hashes[i]!,
      forceReset: p.forceReset ?? false,
      positions: [{ nodeId: p.nodeId, roleId: p.roleId }],
    })),
  );
  for (const user of added) tenant.userIds[user.email] = user.id;
}

const FIRST_NAMES = [
  'Olivia',
  'Noah',
  'Charlotte',
  'Jack',
  'Amelia',
  'William',
  'Isla',
  'Oliver',
  'Mia',
  'Leo',
  'Ava',
  'Henry',
  'Grace',
  'Lucas',
  'Chloe',
  'Thomas',
  'Zoe',
  'James',
  'Ruby',
  'Ethan',
];
const LAST_NAMES = [
  'Smith',
  'Nguyen',
  'Williams',
  'Brown',
  'Wilson',
  'Taylor',
  'Chen',
  'Martin',
  'Singh',
  'Patel',
  'Kelly',
  'Walker',
];

/** `count` people with made-up names (olivia.smith.1@acme.test, …) spread over the stores in turn. */
export function teamMembers(count: number, domain: string, storeIds: number[], roleId: number): DemoPerson[] {
  return Array.from({ length: count }, (_, i) => {
    const firstname = FIRST_NAMES[i % FIRST_NAMES.length]!;
    const lastname = LAST_NAMES[(i * 7) % LAST_NAMES.length]!;
    return {
      email: `${firstname}.${lastname}.${i + 1}@${domain}`.toLowerCase(),
      firstname,
      lastname,
      nodeId: storeIds[i % storeIds.length]!,
      roleId,
    };
  });
}
