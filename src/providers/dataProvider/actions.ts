import type { ActionCounts, ActionListQuery, ActionPage } from '../../../contract/api/actions';
import { apiFetch } from '../httpClient';

type Query<T> = { [K in keyof T]?: T[K] };

/**
 * The Actions calls (issue 49) that other screens make: the list (an inspection's actions) and the
 * dashboard's counts. The Actions screens themselves read and write through their resource.
 */
export const actionMethods = {
  getActions: (query: Query<Omit<ActionListQuery, 'format'>>) =>
    apiFetch<ActionPage>('/api/action/list', { query: { ...query } }),

  /** The dashboard's figures of a place (none: the caller's own); the list with `state=` agrees. */
  getActionCounts: (nodeId: number | undefined) =>
    apiFetch<ActionCounts>('/api/action/counts', { query: { node_id: nodeId } }),
};
