import { and, eq } from 'drizzle-orm';
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
