import type { Static } from 'typebox';
import type {
  AssignmentPage as AssignmentPageSchema,
  NodeDeleteData,
  NodeRecord,
  WorkspaceObjectInput,
} from '../../../contract/api/hierarchy';
import { apiFetch } from '../../providers/httpClient';

export type AssignmentPage = Static<typeof AssignmentPageSchema>;

/** Spec §8 fallbacks, shown when the server gives no message of its own. */
export const FALLBACK = {
  create: 'Error creating node',
  update: 'Error updating node',
  drag: 'Error dragging node',
  delete: 'Error deleting node',
  transfer: 'Error updating users',
} as const;

export function createNode(body: {
  parent_id: number;
  type: 'container' | 'workspace';
  name: string;
  object?: WorkspaceObjectInput;
}) {
  return apiFetch<NodeRecord>('/api/hierarchy/node/create', {
    method: 'POST',
    body,
    fallback: FALLBACK.create,
  });
}

export function renameNode(id: number, name: string) {
  return apiFetch<NodeRecord>('/api/hierarchy/node/update', {
    method: 'PUT',
    body: { id, name },
    fallback: FALLBACK.update,
  });
}

/** A move is an update with parent_id (spec §7); a drag reports failures in its own words. */
export function moveNode(id: number, parentId: number, via: 'drag' | 'dialog') {
  return apiFetch<NodeRecord>('/api/hierarchy/node/update', {
    method: 'PUT',
    body: { id, parent_id: parentId },
    fallback: via === 'drag' ? FALLBACK.drag : FALLBACK.update,
  });
}

export function deleteNodes(ids: number[]) {
  return apiFetch<NodeDeleteData>('/api/hierarchy/node/delete', {
    method: 'DELETE',
    body: { ids },
    fallback: FALLBACK.delete,
    failOnErrorFlag: true,
  });
}

export interface AssignmentQuery {
  nodeId: number;
  /** Also people positioned anywhere below the node (node/listObject). */
  below: boolean;
  page: number;
  perPage: number;
  search: string;
}

export function listAssignments(q: AssignmentQuery) {
  const query = {
    node_id: q.nodeId,
    page: q.page,
    per_page: q.perPage,
    search_key: q.search.trim() || undefined,
  };
  return q.below
    ? apiFetch<AssignmentPage>('/api/hierarchy/node/listObject', { query: { ...query, type: 'user' } })
    : apiFetch<AssignmentPage>('/api/hierarchy/assign/list', { query });
}

export function transferAssignments(ids: number[], nodeId: number) {
  return apiFetch<{ moved: number; node_id: number }>('/api/hierarchy/assign/transfer', {
    method: 'PUT',
    body: { ids, node_id: nodeId },
    fallback: FALLBACK.transfer,
  });
}
