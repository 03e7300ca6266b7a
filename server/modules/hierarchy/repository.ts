import { and, asc, eq, like, or } from 'drizzle-orm';
import type { HierarchyNode } from '../../../contract/api/session';
import type { Db } from '../../db/client';
import { hierarchyNodes, workspaces } from '../../db/schema';

/** Every node in the subtree whose root has this path, as flat rows ordered for tree building. */
export async function listSubtree(db: Db, tenantId: number, rootPath: string) {
  return db
    .select({
      id: hierarchyNodes.id,
      parentId: hierarchyNodes.parentId,
      type: hierarchyNodes.type,
      name: hierarchyNodes.name,
      level: hierarchyNodes.level,
      status: hierarchyNodes.status,
      objectId: workspaces.id,
    })
    .from(hierarchyNodes)
    .leftJoin(
      workspaces,
      and(eq(workspaces.tenantId, hierarchyNodes.tenantId), eq(workspaces.nodeId, hierarchyNodes.id)),
    )
    .where(
      and(
        eq(hierarchyNodes.tenantId, tenantId),
        or(eq(hierarchyNodes.path, rootPath), like(hierarchyNodes.path, `${rootPath}%`)),
      ),
    )
    .orderBy(
      asc(hierarchyNodes.level),
      asc(hierarchyNodes.sortOrder),
      asc(hierarchyNodes.name),
      asc(hierarchyNodes.id),
    );
}

export type SubtreeRow = Awaited<ReturnType<typeof listSubtree>>[number];

/** Nests flat rows under their parents; rows whose parent is outside the set become roots. */
export function buildTree(rows: SubtreeRow[]): HierarchyNode[] {
  const byId = new Map<number, HierarchyNode>();
  for (const r of rows) {
    byId.set(r.id, {
      id: r.id,
      object_id: r.objectId ?? null,
      name: r.name,
      type: r.type,
      level: r.level,
      status: r.status,
      parent_id: r.parentId,
      children: [],
    });
  }
  const roots: HierarchyNode[] = [];
  for (const r of rows) {
    const node = byId.get(r.id)!;
    const parent = r.parentId === null ? undefined : byId.get(r.parentId);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

export async function insertNode(
  db: Db,
  tenantId: number,
  values: {
    parentId: number | null;
    parentPath: string;
    type: HierarchyNode['type'];
    name: string;
    level: number;
    status?: 'active' | 'inactive';
    sortOrder?: number;
  },
) {
  const [row] = await db
    .insert(hierarchyNodes)
    .values({
      tenantId,
      parentId: values.parentId,
      type: values.type,
      name: values.name,
      level: values.level,
      status: values.status ?? 'active',
      sortOrder: values.sortOrder ?? 0,
      path: '/',
    })
    .returning({ id: hierarchyNodes.id });
  const id = row!.id;
  const path = `${values.parentPath}${id}/`;
  await db
    .update(hierarchyNodes)
    .set({ path })
    .where(and(eq(hierarchyNodes.tenantId, tenantId), eq(hierarchyNodes.id, id)));
  return { id, path };
}
