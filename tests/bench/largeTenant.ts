import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { hierarchyNodes, positions, users, workspaces } from '../../server/db/schema';
import { hashPassword } from '../../server/lib/passwords';
import { provisionTenant } from '../../server/modules/tenants/provision';

export interface LargeTenantShape {
  identifier: string;
  states: number;
  areasPerState: number;
  storesPerArea: number;
  /** Team members per store (the owner is extra). */
  peoplePerStore: number;
}

/** 8 states × 25 areas × 25 stores = 5,000 stores, 2 people each. */
export const FIVE_THOUSAND_STORES: LargeTenantShape = {
  identifier: 'bench',
  states: 8,
  areasPerState: 25,
  storesPerArea: 25,
  peoplePerStore: 2,
};

export const BENCH_OWNER = (identifier: string) => `owner@${identifier}.bench`;
export const BENCH_PASSWORD = 'storeline-bench';

const BATCH = 1000;

function chunks<T>(list: T[], size = BATCH): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/**
 * Inserts one level of nodes under known parents in batches, then sets every path of the level in
 * one statement (the parent's path plus the new id), as insertNode would do one by one.
 */
async function insertLevel(
  db: Db,
  tenantId: number,
  level: number,
  rows: { parentId: number; name: string; type: 'container' | 'workspace' }[],
): Promise<number[]> {
  const ids: number[] = [];
  for (const batch of chunks(rows)) {
    const inserted = await db
      .insert(hierarchyNodes)
      .values(
        batch.map((r) => ({ tenantId, parentId: r.parentId, type: r.type, name: r.name, level, path: '/' })),
      )
      .returning({ id: hierarchyNodes.id });
    ids.push(...inserted.map((r) => r.id));
  }
  await db.execute(sql`
    UPDATE hierarchy_nodes AS child SET path = parent.path || child.id || '/'
    FROM hierarchy_nodes AS parent
    WHERE child.tenant_id = ${tenantId} AND parent.tenant_id = ${tenantId}
      AND child.parent_id = parent.id AND child.level = ${level}`);
  return ids;
}

/** Generates a tenant of the given shape; returns its id and how long it took. */
export async function generateLargeTenant(db: Db, shape: LargeTenantShape = FIVE_THOUSAND_STORES) {
  const started = performance.now();
  const hash = await hashPassword(BENCH_PASSWORD);
  const tenant = await provisionTenant(db, {
    identifier: shape.identifier,
    name: `Bench Retail (${shape.states * shape.areasPerState * shape.storesPerArea} stores)`,
    terms: { workspace: 'Store' },
    maxActiveWorkspace: 100_000,
  });
  const { tenantId } = tenant;

  const states = await insertLevel(
    db,
    tenantId,
    1,
    Array.from({ length: shape.states }, (_, s) => ({
      parentId: tenant.rootId,
      name: `State ${s + 1}`,
      type: 'container',
    })),
  );
  const areas = await insertLevel(
    db,
    tenantId,
    2,
    states.flatMap((stateId, s) =>
      Array.from({ length: shape.areasPerState }, (_, a) => ({
        parentId: stateId,
        name: `Area ${s + 1}.${a + 1}`,
        type: 'container' as const,
      })),
    ),
  );
  const storeDefs = areas.flatMap((areaId, a) =>
    Array.from({ length: shape.storesPerArea }, (_, n) => ({
      parentId: areaId,
      name: `Store ${a + 1}-${n + 1}`,
      type: 'workspace' as const,
    })),
  );
  const stores = await insertLevel(db, tenantId, 3, storeDefs);
  for (const batch of chunks(stores.map((nodeId, i) => ({ nodeId, i })))) {
    await db.insert(workspaces).values(
      batch.map(({ nodeId, i }) => ({
        tenantId,
        nodeId,
        identifier: `B-${String(i + 1).padStart(5, '0')}`,
        streetLine1: `${(i % 400) + 1} Bench Street`,
        suburb: `Suburb ${i % 97}`,
        city: `City ${i % 31}`,
        state: `S${(i % shape.states) + 1}`,
        postcode: String(2000 + (i % 7000)),
        contact: `store${i + 1}@bench.example`,
        description: 'Generated for benchmarks',
        openAt: new Date(Date.UTC(2015, 0, 1) + i * 86_400_000),
        timezone: 'Australia/Sydney',
      })),
    );
  }

  const people = [
    { email: BENCH_OWNER(shape.identifier), nodeId: tenant.rootId, roleId: tenant.roleIds.Administrator! },
    ...stores.flatMap((nodeId, s) =>
      Array.from({ length: shape.peoplePerStore }, (_, p) => ({
        email: `member.${s + 1}.${p + 1}@${shape.identifier}.bench`,
        nodeId,
        roleId: tenant.roleIds['Team Member']!,
      })),
    ),
  ];
  for (const batch of chunks(people)) {
    const inserted = await db
      .insert(users)
      .values(
        batch.map((p) => ({
          tenantId,
          username: p.email,
          email: p.email,
          firstname: 'Bench',
          lastname: p.email.split('@')[0]!,
          passwordHash: hash,
        })),
      )
      .returning({ id: users.id });
    await db
      .insert(positions)
      .values(
        batch.map((p, i) => ({ tenantId, userId: inserted[i]!.id, nodeId: p.nodeId, roleId: p.roleId })),
      );
  }

  const [check] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(hierarchyNodes)
    .where(and(eq(hierarchyNodes.tenantId, tenantId), eq(hierarchyNodes.type, 'workspace')));
  return {
    tenantId,
    stores: check?.n ?? 0,
    nodes: 2 + states.length + areas.length + stores.length,
    people: people.length,
    ms: Math.round(performance.now() - started),
  };
}
