import type { TaskType, TaskTypeCreateBody, TaskTypeUpdateBody } from '../../../contract/api/tasks';
import { apiFetch } from '../httpClient';

/** Settings' task type edits (design calls under /api/task/types; the list is `getTaskTypes` in tasks.ts). */
export const taskTypeMethods = {
  createTaskType: (body: TaskTypeCreateBody) =>
    apiFetch<TaskType>('/api/task/types/create', { method: 'POST', body, fallback: 'errors.generic' }),

  updateTaskType: (body: TaskTypeUpdateBody) =>
    apiFetch<TaskType>('/api/task/types/update', { method: 'PUT', body, fallback: 'errors.generic' }),

  /** Every type's id in the wanted order; answers the list in that order. */
  reorderTaskTypes: async (ids: number[]) =>
    (
      await apiFetch<{ data: TaskType[] }>('/api/task/types/reorder', {
        method: 'PUT',
        body: { ids },
        fallback: 'errors.generic',
      })
    ).data,

  deleteTaskType: (id: number) =>
    apiFetch<{ id: number }>('/api/task/types/delete', {
      method: 'DELETE',
      query: { id },
      fallback: 'errors.generic',
    }),
};
