import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { hierarchyNodes, positions, roles, users } from '../db/schema';

// Every key is (tenant_id, id), so each join from a position matches the tenant as well as the id.

/** From a position to the node it is at. */
export const positionNode = and(
  eq(hierarchyNodes.tenantId, positions.tenantId),
  eq(hierarchyNodes.id, positions.nodeId),
);

/** From a position to the role it holds. */
export const positionRole = and(eq(roles.tenantId, positions.tenantId), eq(roles.id, positions.roleId));

/** From a position to the person who holds it. */
export const positionUser = and(eq(users.tenantId, positions.tenantId), eq(users.id, positions.userId));

/**
 * The positions `where` picks, each with its node's id, name, type and path and its role's id and
 * name (plus the `more` columns a caller needs), in the order they were given.
 */
export function positionsWithNodeAndRole<M extends Record<string, PgColumn>>(
  db: Db,
  where: SQL | undefined,
  more: M,
) {
  return db
    .select({
      id: positions.id,
      nodeId: positions.nodeId,
      nodeName: hierarchyNodes.name,
      nodeType: hierarchyNodes.type,
      nodePath: hierarchyNodes.path,
      roleId: positions.roleId,
      roleName: roles.name,
      ...more,
    })
    .from(positions)
    .innerJoin(hierarchyNodes, positionNode)
    .innerJoin(roles, positionRole)
    .where(where)
    .orderBy(asc(positions.id));
}
