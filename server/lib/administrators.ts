import { and, eq, sql } from 'drizzle-orm';
import { capabilitiesOf } from '../../contract/modules';
import type { Db } from '../db/client';
import { hierarchyNodes, positions, rolePermissions, users } from '../db/schema';
import { conflict } from './errors';
import { positionNode } from './positionJoins';

/**
 * A tenant must always keep someone who can repair its access. That someone is an enabled user
 * holding, at the root node, a role that grants every capability of the `user` and `role` modules
 * (the default Administrator does). Changes that would remove the last one are refused.
 */
function grantsAll(module: 'user' | 'role') {
  const wanted = sql.raw(`ARRAY[${capabilitiesOf(module).map((c) => `'${c}'`)}]::text[]`);
  return sql`exists (
    select 1 from ${rolePermissions}
    where ${rolePermissions.tenantId} = ${positions.tenantId} and ${rolePermissions.roleId} = ${positions.roleId}
      and ${rolePermissions.module} = ${module} and ${rolePermissions.enabled}
      and ${rolePermissions.capabilities} @> ${wanted}
  )`;
}

/** Who counts as one of the tenant's administrators: the one definition both reads below use. */
function isAdministrator(tenantId: number) {
  return and(
    eq(users.tenantId, tenantId),
    eq(users.enabled, true),
    eq(hierarchyNodes.type, 'root'),
    grantsAll('user'),
    grantsAll('role'),
  );
}

const positionOfUser = and(eq(positions.tenantId, users.tenantId), eq(positions.userId, users.id));

export async function countAdministrators(db: Db, tenantId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${users.id})::int` })
    .from(users)
    .innerJoin(positions, positionOfUser)
    .innerJoin(hierarchyNodes, positionNode)
    .where(isAdministrator(tenantId));
  return row?.n ?? 0;
}

/** The tenant's administrators (as above), to be told what concerns the whole organisation. */
export async function listAdministrators(
  db: Db,
  tenantId: number,
): Promise<{ id: number; email: string; firstname: string; language: string | null }[]> {
  return db
    .selectDistinct({
      id: users.id,
      email: users.email,
      firstname: users.firstname,
      language: users.language,
    })
    .from(users)
    .innerJoin(positions, positionOfUser)
    .innerJoin(hierarchyNodes, positionNode)
    .where(isAdministrator(tenantId))
    .orderBy(users.id);
}

export const LAST_ADMINISTRATOR =
  'This would leave no enabled user who can manage users and roles for the whole organisation. ' +
  'Give someone else that access first.';

/** Call inside the change's transaction, with the count taken before it: a refusal rolls it back. */
export async function assertAdministratorRemains(db: Db, tenantId: number, before: number) {
  if (before > 0 && (await countAdministrators(db, tenantId)) === 0) throw conflict(LAST_ADMINISTRATOR);
}
