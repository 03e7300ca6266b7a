import { count } from 'drizzle-orm';
import { hashPassword } from '../lib/passwords';
import { insertNode } from '../modules/hierarchy/repository';
import { provisionTenant } from '../modules/tenants/provision';
import type { Db } from './client';
import { departments, positions, tenants, users, workspaces } from './schema';

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

export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(tenants);
  return (row?.n ?? 0) === 0;
}

interface StoreDef {
  identifier: string;
  name: string;
  street: string;
  suburb: string;
  city: string;
  state: string;
  postcode: string;
  timezone: string;
}

const ACME_TREE: { state: string; areas: { name: string; stores: StoreDef[] }[] }[] = [
  {
    state: 'New South Wales',
    areas: [
      {
        name: 'Sydney Metro',
        stores: [
          {
            identifier: 'NSW-001',
            name: 'Sydney CBD',
            street: '1 George Street',
            suburb: 'Sydney',
            city: 'Sydney',
            state: 'NSW',
            postcode: '2000',
            timezone: 'Australia/Sydney',
          },
          {
            identifier: 'NSW-002',
            name: 'Parramatta',
            street: '159 Church Street',
            suburb: 'Parramatta',
            city: 'Sydney',
            state: 'NSW',
            postcode: '2150',
            timezone: 'Australia/Sydney',
          },
          {
            identifier: 'NSW-003',
            name: 'Bondi Junction',
            street: '500 Oxford Street',
            suburb: 'Bondi Junction',
            city: 'Sydney',
            state: 'NSW',
            postcode: '2022',
            timezone: 'Australia/Sydney',
          },
        ],
      },
      {
        name: 'Regional NSW',
        stores: [
          {
            identifier: 'NSW-101',
            name: 'Newcastle',
            street: '2 Hunter Street',
            suburb: 'Newcastle',
            city: 'Newcastle',
            state: 'NSW',
            postcode: '2300',
            timezone: 'Australia/Sydney',
          },
          {
            identifier: 'NSW-102',
            name: 'Wollongong',
            street: '200 Crown Street',
            suburb: 'Wollongong',
            city: 'Wollongong',
            state: 'NSW',
            postcode: '2500',
            timezone: 'Australia/Sydney',
          },
          {
            identifier: 'NSW-103',
            name: 'Broken Hill',
            street: '354 Argent Street',
            suburb: 'Broken Hill',
            city: 'Broken Hill',
            state: 'NSW',
            postcode: '2880',
            timezone: 'Australia/Broken_Hill',
          },
        ],
      },
    ],
  },
  {
    state: 'Victoria',
    areas: [
      {
        name: 'Melbourne Metro',
        stores: [
          {
            identifier: 'VIC-001',
            name: 'Melbourne Central',
            street: '211 La Trobe Street',
            suburb: 'Melbourne',
            city: 'Melbourne',
            state: 'VIC',
            postcode: '3000',
            timezone: 'Australia/Melbourne',
          },
          {
            identifier: 'VIC-002',
            name: 'Chadstone',
            street: '1341 Dandenong Road',
            suburb: 'Malvern East',
            city: 'Melbourne',
            state: 'VIC',
            postcode: '3145',
            timezone: 'Australia/Melbourne',
          },
          {
            identifier: 'VIC-003',
            name: 'Docklands',
            street: '440 Docklands Drive',
            suburb: 'Docklands',
            city: 'Melbourne',
            state: 'VIC',
            postcode: '3008',
            timezone: 'Australia/Melbourne',
          },
        ],
      },
      {
        name: 'Regional Victoria',
        stores: [
          {
            identifier: 'VIC-101',
            name: 'Geelong',
            street: '194 Moorabool Street',
            suburb: 'Geelong',
            city: 'Geelong',
            state: 'VIC',
            postcode: '3220',
            timezone: 'Australia/Melbourne',
          },
          {
            identifier: 'VIC-102',
            name: 'Ballarat',
            street: '28 Sturt Street',
            suburb: 'Ballarat',
            city: 'Ballarat',
            state: 'VIC',
            postcode: '3350',
            timezone: 'Australia/Melbourne',
          },
          {
            identifier: 'VIC-103',
            name: 'Bendigo',
            street: '30 Hargreaves Street',
            suburb: 'Bendigo',
            city: 'Bendigo',
            state: 'VIC',
            postcode: '3550',
            timezone: 'Australia/Melbourne',
          },
        ],
      },
    ],
  },
];

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

interface DemoUser {
  email: string;
  firstname: string;
  lastname: string;
  nodeId: number;
  roleId: number;
  forceReset?: boolean;
}

async function insertUsers(db: Db, tenantId: number, list: DemoUser[]) {
  // scrypt runs on libuv's pool, so hashing in parallel keeps the seed to about a second.
  const hashes = await Promise.all(list.map(() => hashPassword(DEMO_PASSWORD)));
  const inserted = await db
    .insert(users)
    .values(
      list.map((u, i) => ({
        tenantId,
        username: u.email,
        email: u.email,
        firstname: u.firstname,
        lastname: u.lastname,
        passwordHash: hashes[i]!,
        forceReset: u.forceReset ?? false,
      })),
    )
    .returning({ id: users.id });
  await db
    .insert(positions)
    .values(list.map((u, i) => ({ tenantId, userId: inserted[i]!.id, nodeId: u.nodeId, roleId: u.roleId })));
}

async function addStore(
  db: Db,
  tenantId: number,
  parent: { id: number; path: string },
  level: number,
  store: StoreDef,
) {
  const node = await insertNode(db, tenantId, {
    parentId: parent.id,
    parentPath: parent.path,
    type: 'workspace',
    name: store.name,
    level,
  });
  await db.insert(workspaces).values({
    tenantId,
    nodeId: node.id,
    identifier: store.identifier,
    streetLine1: store.street,
    suburb: store.suburb,
    city: store.city,
    state: store.state,
    postcode: store.postcode,
    contact: `${store.name.toLowerCase().replaceAll(' ', '.')}@stores.example`,
    description: `${store.name} store`,
    openAt: new Date('2019-03-01T00:00:00Z'),
    timezone: store.timezone,
  });
  return node.id;
}

/** Demo data of the README: the platform tenant, Acme Retail (12 stores) and Globex Stores. */
export async function seedDemo(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    const admin = await provisionTenant(tx, { identifier: 'admin', name: 'Storeline Platform' });
    await insertUsers(tx, admin.tenantId, [
      {
        email: DEMO_USERS.operator,
        firstname: 'Pat',
        lastname: 'Operator',
        nodeId: admin.rootId,
        roleId: admin.roleIds['Platform Operator']!,
      },
    ]);

    const acme = await provisionTenant(tx, {
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
    const acmeId = acme.tenantId;
    await tx.insert(departments).values(
      [
        ['Bakery', '#8d6e63'],
        ['Deli', '#ef6c00'],
        ['Front End', '#1565c0'],
        ['Produce', '#2e7d32'],
      ].map(([name, colour]) => ({
        tenantId: acmeId,
        name: name!,
        colour: colour!,
        description: `${name} department`,
      })),
    );
    const storeIds: number[] = [];
    const areaIds: number[] = [];
    for (const state of ACME_TREE) {
      const stateNode = await insertNode(tx, acmeId, {
        parentId: acme.rootId,
        parentPath: acme.rootPath,
        type: 'container',
        name: state.state,
        level: 1,
      });
      for (const area of state.areas) {
        const areaNode = await insertNode(tx, acmeId, {
          parentId: stateNode.id,
          parentPath: stateNode.path,
          type: 'container',
          name: area.name,
          level: 2,
        });
        areaIds.push(areaNode.id);
        for (const store of area.stores) storeIds.push(await addStore(tx, acmeId, areaNode, 3, store));
      }
    }
    const role = (name: string) => acme.roleIds[name]!;
    const people: DemoUser[] = [
      {
        email: DEMO_USERS.owner,
        firstname: 'Olivia',
        lastname: 'Owner',
        nodeId: acme.rootId,
        roleId: role('Administrator'),
      },
      {
        email: DEMO_USERS.area,
        firstname: 'Aaron',
        lastname: 'Area',
        nodeId: areaIds[0]!,
        roleId: role('Area Manager'),
      },
      {
        email: DEMO_USERS.store,
        firstname: 'Sophie',
        lastname: 'Store',
        nodeId: storeIds[0]!,
        roleId: role('Store Manager'),
      },
      {
        email: DEMO_USERS.staff,
        firstname: 'Sam',
        lastname: 'Staff',
        nodeId: storeIds[0]!,
        roleId: role('Team Member'),
      },
      {
        email: DEMO_USERS.reset,
        firstname: 'Riley',
        lastname: 'Reset',
        nodeId: storeIds[1]!,
        roleId: role('Team Member'),
        forceReset: true,
      },
    ];
    for (let i = 0; i < 40; i++) {
      const firstname = FIRST_NAMES[i % FIRST_NAMES.length]!;
      const lastname = LAST_NAMES[(i * 7) % LAST_NAMES.length]!;
      people.push({
        email: `${firstname}.${lastname}.${i + 1}@acme.test`.toLowerCase(),
        firstname,
        lastname,
        nodeId: storeIds[i % storeIds.length]!,
        roleId: role('Team Member'),
      });
    }
    await insertUsers(tx, acmeId, people);

    const globex = await provisionTenant(tx, {
      identifier: 'globex',
      name: 'Globex Stores',
      terms: { workspace: 'Branch' },
      theme: { primary: '#00695c', bg_primary: '#004d40' },
    });
    const north = await insertNode(tx, globex.tenantId, {
      parentId: globex.rootId,
      parentPath: globex.rootPath,
      type: 'container',
      name: 'North',
      level: 1,
    });
    const globexStores = [
      {
        identifier: 'GLX-01',
        name: 'Springfield',
        street: '742 Evergreen Terrace',
        suburb: 'Springfield',
        city: 'Springfield',
        state: 'OR',
        postcode: '97403',
        timezone: 'America/Los_Angeles',
      },
      {
        identifier: 'GLX-02',
        name: 'Shelbyville',
        street: '10 Main Street',
        suburb: 'Shelbyville',
        city: 'Shelbyville',
        state: 'OR',
        postcode: '97404',
        timezone: 'America/Los_Angeles',
      },
    ];
    const globexStoreIds: number[] = [];
    for (const store of globexStores)
      globexStoreIds.push(await addStore(tx, globex.tenantId, north, 2, store));
    await insertUsers(tx, globex.tenantId, [
      {
        email: DEMO_USERS.globex,
        firstname: 'Hank',
        lastname: 'Scorpio',
        nodeId: globex.rootId,
        roleId: globex.roleIds.Administrator!,
      },
      {
        email: 'staff@globex.test',
        firstname: 'Homer',
        lastname: 'Simpson',
        nodeId: globexStoreIds[0]!,
        roleId: globex.roleIds['Team Member']!,
      },
    ]);
  });
}
