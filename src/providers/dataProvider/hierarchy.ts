import type { Static } from 'typebox';
import type {
  AssignmentPage as AssignmentPageSchema,
  NodeDeleteData,
  NodeRecord,
  TreeNode,
  WorkspaceObjectInput,
} from '../../../contract/api/hierarchy';
import { apiFetch } from '../httpClient';

export type AssignmentPage = Static<typeof AssignmentPageSchema>;

export interface NewNodeBody {
  parent_id: number;
  type: 'container' | 'workspace';
  name: string;
  object?: WorkspaceObjectInput;
}

export interface AssignmentQuery {
  nodeId: number;
  /** Also people positioned anywhere below the node (node/listObject). */
  below: boolean;
  page: number;
  perPage: number;
  search: string;
}

/** Spec §7 hierarchy calls: the tree, node changes, and the people positioned at a node. */
export const hierarchyMethods = {
  /** The caller's part of the organisation. */
  getHierarchyTree: () => apiFetch<TreeNode[]>('/api/hierarchy/tree/fetch'),

  createNode: (body: NewNodeBody) =>
    apiFetch<NodeRecord>('/api/hierarchy/node/create', {
      method: 'POST',
      body,
      fallback: 'errors.node_create',
    }),

  renameNode: (id: number, name: string) =>
    apiFetch<NodeRecord>('/api/hierarchy/node/update', {
      method: 'PUT',
      body: { id, name },
      fallback: 'errors.node_update',
    }),

  /** A move is an update with parent_id (spec §7); a drag reports failures in its own words. */
  moveNode: (id: number, parentId: number, via: 'drag' | 'dialog') =>
    apiFetch<NodeRecord>('/api/hierarchy/node/update', {
      method: 'PUT',
      body: { id, parent_id: parentId },
      fallback: via === 'drag' ? 'errors.node_drag' : 'errors.node_update',
    }),

  deleteNodes: (ids: number[]) =>
    apiFetch<NodeDeleteData>('/api/hierarchy/node/delete', {
      method: 'DELETE',
      body: { ids },
      fallback: 'errors.node_delete',
      failOnErrorFlag: true,
    }),

  listNodeAssignments: (q: AssignmentQuery) => {
    const query = {
      node_id: q.nodeId,
      page: q.page,
      per_page: q.perPage,
      search_key: q.search.trim() || undefined,
    };
    return q.below
      ? apiFetch<AssignmentPage>('/api/hierarchy/node/listObject', { query: { ...query, type: 'user' } })
      : apiFetch<AssignmentPage>('/api/hierarchy/assign/list', { query });
  },

  transferAssignments: (ids: number[], nodeId: number) =>
    apiFetch<{ moved: number; node_id: number }>('/api/hierarchy/assign/transfer', {
      method: 'PUT',
      body: { ids, node_id: nodeId },
      fallback: 'errors.users_update',
    }),
};
