import type {
  Action,
  ActionAssignees,
  ActionCloseBody,
  ActionCommentBody,
  ActionStatusBody,
} from '../../../contract/api/actions';
import { ACTION_EXISTS_CODE } from '../../../contract/api/actions';
import type { Inspection } from '../../../contract/api/inspections';
import { apiFetch, type QueryValue } from '../../providers/httpClient';

/*
 * The calls of contract/api/actions.ts beyond react-admin's CRUD (which the data provider makes
 * from the resource's endpoints): the steps of work, comments, close and reopen, who it may be
 * assigned to, and the list as a file. They live beside the screens that make them.
 */

export const actionApi = {
  /** The list as the filters make it, as a file named as the server names it. */
  export: (query: Record<string, QueryValue>, format: 'csv' | 'xlsx') =>
    apiFetch<File>('/api/action/list', { query: { ...query, format }, responseType: 'file' }),

  status: (body: ActionStatusBody) => apiFetch<Action>('/api/action/status', { method: 'PUT', body }),

  comment: (body: ActionCommentBody) => apiFetch<Action>('/api/action/comment', { method: 'POST', body }),

  close: (body: ActionCloseBody) => apiFetch<Action>('/api/action/close', { method: 'PUT', body }),

  reopen: (body: ActionCloseBody) => apiFetch<Action>('/api/action/reopen', { method: 'PUT', body }),

  /** People at the store or above it who may be given it; none chosen is the store's team. */
  assignees: (storeId: number) =>
    apiFetch<ActionAssignees>('/api/action/assignees', { query: { store_id: storeId } }),

  /** The finished inspection whose failed item an action is raised from (its prompt prefills the title). */
  inspection: (id: number) => apiFetch<Inspection>('/api/inspection/get', { query: { id } }),
};

/** The id of the action an inspection item already has, when the server refused a second one. */
export function existingActionId(error: unknown): number | undefined {
  const body = (error as { body?: unknown } | null)?.body;
  if (typeof body !== 'object' || body === null) return undefined;
  const { code, errors } = body as { code?: unknown; errors?: { id?: unknown } };
  if (code !== ACTION_EXISTS_CODE) return undefined;
  const id = Number(errors?.id);
  return Number.isInteger(id) && id > 0 ? id : undefined;
}
