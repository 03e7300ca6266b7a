import type {
  Assignment,
  NodeCreateBody,
  NodeDeleteData,
  NodeRecord,
  NodeUpdateBody,
  TransferBody,
  TreeNode,
} from '../../../contract/api/hierarchy';
import type { HierarchyNode } from '../../../contract/api/session';
import type { Db } from '../../db/client';
import { describeActivity } from '../../lib/activity';
import { assertAdministratorRemains, countAdministrators } from '../../lib/administrators';
import { type Caller, inScope } from '../../lib/caller';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { emitEvent } from '../../lib/integrationEvents';
import { queueOrganisationFollowUps } from '../../lib/organisationChanges';
import { organisationTransaction } from '../../lib/organisationLock';
import { isForeignKeyViolation } from '../../lib/pgErrors';
import { bumpStores, bumpVersion } from '../../lib/versions';
import type { Jobs } from '../../plugins/jobs';
import {
  buildTree,
  countChildren,
  countDescendants,
  countUsersByNode,
  countUsersInSubtrees,
  deleteSubtrees,
  findNode,
  findNodes,
  findPositions,
  findUnassignedNode,
  insertNode,
  insertNodes,
  listAncestors,
  listAssignments,
  listNodesWithObjects,
  listSubtree,
  listTreeRows,
  movePositions,
  movePositionsOutOf,
  moveSubtree,
  type NewNode,
  type NodeRow,
  type NodeWithObject,
  nestNodes,
  updateNodeFields,
  updateWorkspaceNodes,
} from './repository';
import { assertCanActivate } from './workspaceLimit';
import {
  addObject,
  assertIdentifierFree,
  editObject,
  objectOfNode,
  objectValues,
  workspaceObject,
} from './workspaceObject';

export const OUTSIDE_SCOPE = 'This node is outside your part of the organisation.';
export const NODE_TYPE_ERROR = 'Node Type Error';

/** The node, or 404 when the tenant has no such id (another tenant's id included), 403 outside scope. */
export async function nodeInScope(db: Db, caller: Caller, id: number, what = 'Node'): Promise<NodeRow> {
  const node = await findNode(db, caller.tenantId, id);
  if (!node) throw notFound(what);
  if (!inScope(caller, node.path)) throw forbidden(OUTSIDE_SCOPE);
  return node;
}

/** The caller's own scope node is theirs to look after, not to move or remove. */
function assertBelowScope(node: NodeRow, caller: Caller, action: 'move' | 'delete') {
  if (node.id === caller.scope.nodeId)
    throw forbidden(`You cannot ${action} the node your own position is at.`);
}

/**
 * A new tenant's tree: the root (named after the tenant) and the unassigned node, where the people
 * of deleted branches wait. The unassigned node sorts after everything else.
 */
export async function createTreeRoot(db: Db, tenantId: number, name: string) {
  const root = await insertNode(db, tenantId, {
    parentId: null,
    parentPath: '/',
    type: 'root',
    name,
    level: 0,
  });
  const unassigned = await insertNode(db, tenantId, {
    parentId: root.id,
    parentPath: root.path,
    type: 'unassigned',
    name: 'Unassigned',
    level: 1,
    sortOrder: 1_000_000,
  });
  return { root, unassignedId: unassigned.id };
}

/** The nodes the caller sees, nested, without objects or head counts: the web app's tree after sign-in. */
export async function visibleTree(db: Db, caller: Caller): Promise<HierarchyNode[]> {
  return buildTree(await listSubtree(db, caller.tenantId, caller.scope.path));
}

export async function fetchTree(db: Db, caller: Caller): Promise<TreeNode[]> {
  const [rows, counts] = await Promise.all([
    listTreeRows(db, caller.tenantId, caller.scope.path),
    countUsersByNode(db, caller.tenantId, caller.scope.path),
  ]);
  return nestNodes(
    rows.map(
      (row): TreeNode => ({
        ...row,
        object_id: row.object?.id ?? null,
        user_count: counts.get(row.id) ?? 0,
        children: [],
      }),
    ),
  );
}

export async function getNode(db: Db, caller: Caller, id: number): Promise<NodeRecord> {
  const node = await nodeInScope(db, caller, id);
  const [ancestors, childCount, descendantCount, direct, subtree, object] = await Promise.all([
    listAncestors(db, caller.tenantId, node.path),
    countChildren(db, caller.tenantId, node.id),
    countDescendants(db, caller.tenantId, node.path),
    countUsersByNode(db, caller.tenantId, node.path),
    countUsersInSubtrees(db, caller.tenantId, [node.path]),
    node.type === 'workspace' ? objectOfNode(db, caller.tenantId, node.id) : Promise.resolve(undefined),
  ]);
  return {
    id: node.id,
    object_id: object?.id ?? null,
    name: node.name,
    type: node.type,
    level: node.level,
    status: node.status,
    parent_id: node.parentId,
    ancestors,
    child_count: childCount,
    descendant_count: descendantCount,
    user_count: direct.get(node.id) ?? 0,
    subtree_user_count: subtree,
    object: object ? workspaceObject(object) : null,
  };
}

function cleanName(name: string, field = 'name'): string {
  const trimmed = name.trim();
  if (!trimmed) throw badRequest('The name cannot be blank', { [field]: 'name is required' });
  return trimmed;
}

/** Where a new or moved node may go: a root or container in scope (spec: a workspace has no children). */
async function parentInScope(db: Db, caller: Caller, parentId: number): Promise<NodeRow> {
  const parent = await nodeInScope(db, caller, parentId, 'Parent node');
  // "workspace" here is the node type this API takes (`type: 'workspace'`), not the tenant's term.
  if (parent.type === 'workspace')
    throw badRequest('A workspace cannot have children', {
      parent_id: 'choose a container or the root as the parent',
    });
  if (parent.type === 'unassigned')
    throw badRequest('The unassigned node only holds people, not other nodes', {
      parent_id: 'choose a container or the root as the parent',
    });
  return parent;
}

/**
 * Creates a container, or a workspace with its object (reused by the workspace API, which logs
 * the creation as `loggedAs: 'workspace'`: under the store's own id, the one its later edits and
 * its History use, not the node's).
 */
export async function createNode(
  db: Db,
  jobs: Jobs | undefined,
  caller: Caller,
  input: NodeCreateBody & { status?: 'active' | 'inactive' },
  prefix = 'object.',
  loggedAs: 'node' | 'workspace' = 'node',
): Promise<NodeRow> {
  if (input.type !== 'container' && input.type !== 'workspace')
    throw badRequest(NODE_TYPE_ERROR, { type: 'type must be container or workspace' });
  const type = input.type;
  const name = cleanName(input.name);
  if (type === 'workspace' && !input.object?.identifier?.trim())
    throw badRequest('A workspace needs an identifier', {
      [`${prefix}identifier`]: 'identifier is required',
    });
  if (type === 'container' && input.object !== undefined)
    throw badRequest('Only a workspace has an object', { object: 'leave object out for a container' });
  const values = type === 'workspace' ? objectValues(input.object ?? {}, prefix) : undefined;
  const status = input.status ?? 'active';

  return organisationTransaction(db, caller.tenantId, async (tx) => {
    // The parent's path is copied into the new node: no move may rewrite it meanwhile.
    const parent = await parentInScope(tx, caller, input.parent_id);
    if (values?.identifier)
      await assertIdentifierFree(tx, caller.tenantId, values.identifier, undefined, prefix);
    if (type === 'workspace' && status === 'active') await assertCanActivate(tx, caller.tenantId);
    const { id } = await insertNode(tx, caller.tenantId, {
      parentId: parent.id,
      parentPath: parent.path,
      type,
      name,
      level: parent.level + 1,
      status,
    });
    const object = values
      ? await addObject(tx, caller.tenantId, id, { ...values, identifier: values.identifier! }, prefix)
      : undefined;
    await queueOrganisationFollowUps(jobs, tx, caller.tenantId);
    await bumpVersion(tx, caller.tenantId, 'tree');
    const created = (await findNode(tx, caller.tenantId, id))!;
    if (object && status === 'active')
      await emitEvent(jobs, tx, caller.tenantId, 'store.opened', {
        store_id: id,
        workspace_id: object.id,
        name: created.name,
      });
    // Readers of the new node's branch see its creation in the log, named as it was saved.
    describeActivity({
      scopePath: created.path,
      entityName: created.name,
      entityId: loggedAs === 'workspace' && object ? object.id : created.id,
    });
    return created;
  });
}

/**
 * Renames a node, edits a workspace's object, and/or moves the node with its subtree under a new
 * parent (refusing a move under itself or below itself), all in one transaction.
 */
export async function updateNode(
  db: Db,
  jobs: Jobs,
  caller: Caller,
  input: NodeUpdateBody,
  prefix = 'object.',
): Promise<NodeRow> {
  const name = input.name === undefined ? undefined : cleanName(input.name);
  const values = input.object === undefined ? undefined : objectValues(input.object, prefix);
  return organisationTransaction(db, caller.tenantId, async (tx) => {
    // The cycle check reads paths that a concurrent move would rewrite: moves take turns.
    const node = await nodeInScope(tx, caller, input.id);
    if (values !== undefined) {
      if (node.type !== 'workspace')
        throw badRequest('Only a workspace has an object', { object: 'this node is not a workspace' });
      const object = await objectOfNode(tx, caller.tenantId, node.id);
      if (!object) throw notFound('Workspace');
      if (values.identifier)
        await assertIdentifierFree(tx, caller.tenantId, values.identifier, object.id, prefix);
      await editObject(tx, caller.tenantId, object.id, values, prefix);
    }
    if (name !== undefined && name !== node.name) {
      if (node.type === 'unassigned')
        throw badRequest('The unassigned node keeps its name', {
          name: 'the unassigned node cannot be renamed',
        });
      await updateNodeFields(tx, caller.tenantId, node.id, { name });
    }
    if (input.parent_id !== undefined && input.parent_id !== node.parentId)
      await moveNode(tx, caller, node, input.parent_id);
    await queueOrganisationFollowUps(jobs, tx, caller.tenantId);
    await bumpVersion(tx, caller.tenantId, 'tree');
    const updated = (await findNode(tx, caller.tenantId, node.id))!;
    describeActivity({
      scopePath: node.path,
      entityName: updated.name,
      before: { name: node.name, parent_id: node.parentId },
      after: { name: updated.name, parent_id: updated.parentId, ...(values ? { object: values } : {}) },
    });
    return updated;
  });
}

/**
 * Activates or deactivates a node the caller has found in their scope (the workspace service
 * does), inside the caller's transaction `tx`.
 */
export async function setNodeStatus(
  tx: Db,
  jobs: Jobs,
  caller: Caller,
  nodeId: number,
  status: 'active' | 'inactive',
) {
  await updateNodeFields(tx, caller.tenantId, nodeId, { status });
  describeActivity({ after: { status } });
  await queueOrganisationFollowUps(jobs, tx, caller.tenantId);
  await bumpVersion(tx, caller.tenantId, 'tree');
}

/** Nodes of the tenant by id (another tenant's ids match nothing); scope is the caller's to check. */
export function nodesByIds(db: Db, tenantId: number, ids: readonly number[]): Promise<NodeRow[]> {
  return findNodes(db, tenantId, ids);
}

async function moveNode(db: Db, caller: Caller, node: NodeRow, parentId: number) {
  if (node.type === 'root' || node.type === 'unassigned')
    throw badRequest(`The ${node.type} node cannot be moved`, {
      id: `the ${node.type} node stays where it is`,
    });
  assertBelowScope(node, caller, 'move');
  const parent = await parentInScope(db, caller, parentId);
  if (parent.path.startsWith(node.path))
    throw badRequest('A node cannot be moved under itself or one of its descendants', {
      parent_id: 'choose a parent outside the node being moved',
    });
  await moveSubtree(db, caller.tenantId, node, parent);
}

/**
 * Deletes nodes with everything below them. People positioned there are not lost: their positions
 * move to the unassigned node with their roles. The root and unassigned nodes stay.
 */
export async function deleteNodes(
  db: Db,
  jobs: Jobs,
  caller: Caller,
  ids: readonly number[],
): Promise<NodeDeleteData> {
  const unique = [...new Set(ids)];
  return organisationTransaction(db, caller.tenantId, async (tx) => {
    const nodes = await findNodes(tx, caller.tenantId, unique);
    if (nodes.length !== unique.length) {
      const missing = unique.filter((id) => !nodes.some((n) => n.id === id));
      throw notFound(`Node ${missing.join(', ')}`);
    }
    for (const node of nodes) {
      if (!inScope(caller, node.path)) throw forbidden(OUTSIDE_SCOPE);
      if (node.type === 'root' || node.type === 'unassigned')
        throw badRequest(`The ${node.type} node cannot be deleted`, { ids: `the ${node.type} node stays` });
      assertBelowScope(node, caller, 'delete');
    }
    const unassigned = await findUnassignedNode(tx, caller.tenantId);
    if (!unassigned) throw conflict('This organisation has no unassigned node to keep its people in');
    // A chosen node below another chosen node goes with its ancestor.
    const paths = nodes
      .map((n) => n.path)
      .filter((p, _, all) => !all.some((q) => q !== p && p.startsWith(q)));
    const movedUsers = await movePositionsOutOf(tx, caller.tenantId, paths, unassigned.id);
    let deleted: number;
    try {
      deleted = await deleteSubtrees(tx, caller.tenantId, paths);
    } catch (error) {
      // Records of other modules (such as tasks sent to a node) keep a node from going.
      if (isForeignKeyViolation(error))
        throw conflict(
          'These nodes are still used elsewhere (for example by tasks sent to them) and cannot be deleted.',
        );
      throw error;
    }
    await queueOrganisationFollowUps(jobs, tx, caller.tenantId);
    // The people moved out keep positions (at the unassigned node): what the guard reads of them.
    await bumpVersion(tx, caller.tenantId, 'tree');
    return { deleted, moved_users: movedUsers, unassigned_id: unassigned.id };
  });
}

export async function listNodeAssignments(
  db: Db,
  caller: Caller,
  query: { node_id: number; page: number; per_page: number; search_key?: string },
  subtree: boolean,
): Promise<{ data: Assignment[]; total: number; page: number; per_page: number }> {
  const node = await nodeInScope(db, caller, query.node_id);
  const { rows, total } = await listAssignments(db, caller.tenantId, {
    ...(subtree ? { subtreePath: node.path } : { nodeId: node.id }),
    search: query.search_key,
    page: query.page,
    perPage: query.per_page,
  });
  return { data: rows, total, page: query.page, per_page: query.per_page };
}

/** Moves positions (their ids) to another node, keeping each user's role there. */
export async function transferAssignments(db: Db, jobs: Jobs, caller: Caller, input: TransferBody) {
  const ids = [...new Set(input.ids)];
  return organisationTransaction(db, caller.tenantId, async (tx) => {
    const target = await nodeInScope(tx, caller, input.node_id, 'Target node');
    const found = await findPositions(tx, caller.tenantId, ids);
    if (found.length !== ids.length) {
      const missing = ids.filter((id) => !found.some((p) => p.id === id));
      throw notFound(`Position ${missing.join(', ')}`);
    }
    if (found.some((p) => !inScope(caller, p.path)))
      throw forbidden('Some of these people are outside your part of the organisation.');
    if (found.some((p) => p.id === caller.positionId))
      throw badRequest('You cannot transfer the position you are signed in with', {
        ids: 'leave your own position out',
      });
    // Moving an administrator's root position away demotes them like a role change would.
    const before = await countAdministrators(tx, caller.tenantId);
    const moved = await movePositions(tx, caller.tenantId, ids, target.id);
    await assertAdministratorRemains(tx, caller.tenantId, before);
    await queueOrganisationFollowUps(jobs, tx, caller.tenantId);
    // A store's day counts the people positioned there: the stores left and the one joined.
    await bumpStores(tx, caller.tenantId, [target.id, ...found.map((p) => p.nodeId)]);
    await bumpVersion(tx, caller.tenantId, 'tree');
    return { moved, node_id: target.id };
  });
}

/*
 * Set-based reads and writes for bulk imports (issue 14). They check nothing: the import service
 * applies this module's rules (scope, parent types, active limit) to every row first, and calls
 * them inside its transaction after taking the organisation lock.
 */
export type { NewNode, NodeWithObject };

/** Every node of the tenant with its path and workspace object. */
export function tenantNodes(db: Db, tenantId: number): Promise<NodeWithObject[]> {
  return listNodesWithObjects(db, tenantId);
}

/** Many containers or workspaces at once; answers id and path in the order given. */
export function addNodes(db: Db, tenantId: number, nodes: readonly NewNode[]) {
  return insertNodes(db, tenantId, nodes);
}

/** Renames, (de)activates and moves many workspace nodes in one statement. */
export function editWorkspaceNodes(
  db: Db,
  tenantId: number,
  nodes: Parameters<typeof updateWorkspaceNodes>[2],
) {
  return updateWorkspaceNodes(db, tenantId, nodes);
}
