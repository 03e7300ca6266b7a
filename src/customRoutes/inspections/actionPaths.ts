import type { ActionListQuery } from '../../../contract/api/actions';

/*
 * Where the Actions screens (issue 49, src/resources/actions) are reached from elsewhere: the
 * list in react-admin's address format (`?filter=` a JSON object), one action, and the create form
 * with what it is raised from (the form reads its prefill from the address).
 */

export type ActionListFilter = Pick<ActionListQuery, 'state' | 'node_id' | 'inspection_id' | 'mine'>;

/** The actions list showing these filters, e.g. `/task/action?filter={"state":"overdue","node_id":5}`. */
export const actionListPath = (filter: ActionListFilter) =>
  `/task/action?${new URLSearchParams({ filter: JSON.stringify(filter) })}`;

export const actionPath = (id: number) => `/task/action/detail/${id}`;

/** What a new action is raised from: a failed inspection item, or a task assignment. */
export type ActionSourceRef =
  | { inspection_id: number; question_id: string }
  | { assignment_id: number }
  | { store_id: number };

export const createActionPath = (from: ActionSourceRef) =>
  `/task/action/create?${new URLSearchParams(Object.entries(from).map(([k, v]) => [k, String(v)]))}`;
