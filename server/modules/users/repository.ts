import { and, eq, like, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { hierarchyNodes, positions, users } from '../../db/schema';
import type { Scope } from '../../plugins/auth';

export async function findTenantUser(db: Db, tenantId: number, userId: number) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
  return row;
}

/** True when the user holds a position inside the scope's subtree (a root scope sees everyone). */
export async function isUserInScope(
  db: Db,
  tenantId: number,
  userId: number,
  scope: Scope,
  scopeIsRoot: boolean,
) {
  if (scopeIsRoot) return true;
  const [row] = await db
    .select({ id: positions.id })
    .from(positions)
    .innerJoin(
      hierarchyNodes,
      and(eq(hierarchyNodes.tenantId, positions.tenantId), eq(hierarchyNodes.id, positions.nodeId)),
    )
    .where(
      and(
        eq(positions.tenantId, tenantId),
        eq(positions.userId, userId),
        or(eq(hierarchyNodes.path, scope.path), like(hierarchyNodes.path, `${scope.path}%`)),
      ),
    )
    .limit(1);
  return Boolean(row);
}
