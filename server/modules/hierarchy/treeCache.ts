import { createHash } from 'node:crypto';
import type { TreeNode } from '../../../contract/api/hierarchy';
import type { HierarchyNode } from '../../../contract/api/session';
import type { Db } from '../../db/client';
import type { Caller } from '../../lib/caller';
import type { KeptBody } from '../../lib/keptBody';
import { fetchTree, visibleTree } from './service';

/** The tree/fetch answer for one scope, serialised once, with its ETag and compressed copies. */
export interface TreeDocument extends KeptBody {
  etag: string;
}

interface TenantTree {
  /** tenants.tree_version the tree was read at (or after). */
  version: number;
  byId: Map<number, TreeNode>;
  /** Serialised answers by scope node. */
  documents: Map<number, TreeDocument>;
  /** verify's `hierarchy` (nodes without objects and head counts) as JSON, by scope node. */
  verifyTrees: Map<number, string>;
}

// Per database (tests and benchmarks run several in one process), per tenant: the latest tree.
const caches = new WeakMap<Db, Map<number, Promise<TenantTree>>>();
const MAX_TENANTS = 200;
const MAX_SCOPES = 100;

async function loadTenantTree(db: Db, caller: Caller, version: number): Promise<TenantTree> {
  // The version was read (by the guard) before these rows: the tree is at least that new.
  const roots = await fetchTree(db, { ...caller, scope: { nodeId: 0, path: '/' } });
  const byId = new Map<number, TreeNode>();
  const index = (nodes: TreeNode[]) => {
    for (const node of nodes) {
      byId.set(node.id, node);
      index(node.children);
    }
  };
  index(roots);
  return { version, byId, documents: new Map(), verifyTrees: new Map() };
}

async function tenantTree(db: Db, caller: Caller, version: number): Promise<TenantTree> {
  let tenants = caches.get(db);
  if (!tenants) {
    tenants = new Map();
    caches.set(db, tenants);
  }
  // A tree at this version or newer will do (newer: read after a write this request did not see).
  for (let tries = 0; tries < 2; tries++) {
    const cached = tenants.get(caller.tenantId);
    const tree = cached && (await cached.catch(() => undefined));
    if (tree && tree.version >= version) return tree;
    if (tenants.get(caller.tenantId) === cached) break;
  }
  const loading = loadTenantTree(db, caller, version);
  tenants.set(caller.tenantId, loading);
  if (tenants.size > MAX_TENANTS) tenants.delete(tenants.keys().next().value!);
  loading.catch(() => {
    if (tenants.get(caller.tenantId) === loading) tenants.delete(caller.tenantId);
  });
  return loading;
}

/**
 * The caller's part of the hierarchy tree as tree/fetch answers it, from a per-tenant tree kept
 * while `version` (tenants.tree_version, which every node, workspace and position write bumps in
 * its transaction) is unchanged; a scope is the subtree under the caller's position node.
 * `serialise` is the route's own serialiser, so the body is exactly what the route would send.
 */
export async function treeDocument(
  db: Db,
  caller: Caller,
  version: number,
  serialise: (nodes: TreeNode[]) => string,
): Promise<TreeDocument> {
  const tree = await tenantTree(db, caller, version);
  const known = tree.documents.get(caller.scope.nodeId);
  if (known) return known;
  const scopeNode = tree.byId.get(caller.scope.nodeId);
  // A node newer than the tree cannot be: the tree was read after the caller's version. Rebuild anyway.
  const nodes = scopeNode ? [scopeNode] : await fetchTree(db, caller);
  const body = serialise(nodes);
  const hash = createHash('sha256').update(body).digest('base64url').slice(0, 32);
  const document: TreeDocument = { body, etag: `W/"${hash}"`, encoded: {} };
  if (scopeNode) {
    if (tree.documents.size >= MAX_SCOPES) tree.documents.clear();
    tree.documents.set(caller.scope.nodeId, document);
  }
  return document;
}

/** verify's node: the tree/fetch node without its object and head count, keys in the schema's order. */
const verifyNode = (node: TreeNode): HierarchyNode => ({
  id: node.id,
  object_id: node.object_id,
  name: node.name,
  type: node.type,
  level: node.level,
  status: node.status,
  parent_id: node.parent_id,
  children: node.children.map(verifyNode),
});

/** The caller's visible hierarchy as verify sends it, serialised once per tree_version and scope. */
export async function verifyTreeJson(db: Db, caller: Caller, version: number): Promise<string> {
  const tree = await tenantTree(db, caller, version);
  const known = tree.verifyTrees.get(caller.scope.nodeId);
  if (known) return known;
  const scopeNode = tree.byId.get(caller.scope.nodeId);
  if (!scopeNode) return JSON.stringify(await visibleTree(db, caller));
  const json = JSON.stringify([verifyNode(scopeNode)]);
  if (tree.verifyTrees.size >= MAX_SCOPES) tree.verifyTrees.clear();
  tree.verifyTrees.set(caller.scope.nodeId, json);
  return json;
}

/** If-None-Match names this ETag (weak comparison, as RFC 9110 asks for GET). */
export function notModified(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = bare(etag);
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || bare(tag) === wanted);
}
