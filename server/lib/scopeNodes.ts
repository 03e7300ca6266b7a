import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { sqlRows } from './jsonRows';

/*
 * The nodes a caller's work may name, found inside a subtree (`path`: the caller's scope): a node
 * outside it, or another tenant's, is not found (the caller answers 404). Shared by the modules
 * whose records sit at stores (inspections, actions).
 */

/** An active workspace node under `path`: a store work may be done at. */
export async function storeIn(db: Db, tenantId: number, path: string, nodeId: number) {
  const [found] = await sqlRows<{ id: number; name: string; path: string }>(
    db,
    sql`SELECT n.id, n.name, n.path FROM hierarchy_nodes n
      WHERE n.tenant_id = ${tenantId} AND n.id = ${nodeId} AND n.type = 'workspace'
        AND n.status = 'active' AND n.path LIKE ${`${path}%`}`,
  );
  return found;
}

/** A node of the tenant under `path` (a list's or a figure's subtree), with its path. */
export async function nodeIn(db: Db, tenantId: number, path: string, nodeId: number) {
  const [found] = await sqlRows<{ id: number; name: string; path: string; type: string }>(
    db,
    sql`SELECT n.id, n.name, n.path, n.type FROM hierarchy_nodes n
      WHERE n.tenant_id = ${tenantId} AND n.id = ${nodeId} AND n.path LIKE ${`${path}%`}`,
  );
  return found;
}

/**
 * The node `node` (an alias) is the store whose path is `storePath`, or above it: one of the ids
 * the path names ("/4/9/"), or the tenant's root (whose path "/" names none). A primary-key test
 * per node instead of comparing paths with LIKE.
 */
export const atOrAbove = (node: string, storePath: SQL) =>
  sql`(${sql.raw(node)}.id = ANY(string_to_array(trim(both '/' FROM ${storePath}), '/')::int[]) OR ${sql.raw(node)}.parent_id IS NULL)`;
