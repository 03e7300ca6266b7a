import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { hierarchyNodes, workspaces } from '../../db/schema';
import { findTenantRow, updateTenantRow } from '../../lib/tenantRows';

/*
 * A workspace node's object (its address, identifier, zone): the rows the hierarchy writes when it
 * creates or edits a workspace node, and the workspace screens read and edit.
 */

export type WorkspaceRow = typeof workspaces.$inferSelect;
export type WorkspaceValues = Partial<Omit<typeof workspaces.$inferInsert, 'tenantId' | 'id' | 'nodeId'>>;

export const findWorkspaceOfNode = (db: Db, tenantId: number, nodeId: number) =>
  findTenantRow(db, workspaces, workspaces.nodeId, tenantId, nodeId);

/** Another workspace of the tenant already using this identifier (compared case-insensitively). */
export async function findIdentifierOwner(db: Db, tenantId: number, identifier: string, exceptId?: number) {
  const conditions = [
    eq(workspaces.tenantId, tenantId),
    eq(sql`lower(${workspaces.identifier})`, identifier.toLowerCase()),
  ];
  if (exceptId !== undefined) conditions.push(ne(workspaces.id, exceptId));
  const [row] = await db
    .select({ id: workspaces.id, name: hierarchyNodes.name })
    .from(workspaces)
    .innerJoin(
      hierarchyNodes,
      and(eq(hierarchyNodes.tenantId, workspaces.tenantId), eq(hierarchyNodes.id, workspaces.nodeId)),
    )
    .where(and(...conditions));
  return row;
}

export async function insertWorkspace(
  db: Db,
  tenantId: number,
  nodeId: number,
  values: WorkspaceValues & { identifier: string },
) {
  const [row] = await db
    .insert(workspaces)
    .values({ ...values, tenantId, nodeId })
    .returning();
  return row!;
}

export async function updateWorkspace(db: Db, tenantId: number, id: number, values: WorkspaceValues) {
  if (Object.keys(values).length === 0) return;
  await updateTenantRow(db, workspaces, tenantId, id, values);
}
