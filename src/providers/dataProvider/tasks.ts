import type { Department, DepartmentList } from '../../../contract/api/departments';
import type { FormTemplatePage, FormTemplateRow } from '../../../contract/api/forms';
import type {
  Task,
  TaskArchiveResult,
  TaskCreateBody,
  TaskPreview,
  TaskPreviewBody,
  TaskPublishResult,
  TaskType,
  TaskTypeList,
  TaskUpdateBody,
} from '../../../contract/api/tasks';
import { apiFetch } from '../httpClient';

/** Spec §7 task calls (task management; My Tasks has its own file, mytasks.ts). */
export const taskMethods = {
  /** GET /api/task/types/list: the tenant's task types in their order. */
  getTaskTypes: async (): Promise<TaskType[]> => (await apiFetch<TaskTypeList>('/api/task/types/list')).data,

  /** GET /api/department/list: every department, for pickers and filters. */
  getTaskDepartments: async (): Promise<Department[]> =>
    (
      await apiFetch<DepartmentList>('/api/department/list', {
        query: { page: 1, per_page: 1000, sort: 'name', order: 'asc' },
      })
    ).data,

  /** GET /api/form-template/list: the active form templates a task can carry (issue 48). */
  getTaskFormChoices: async (): Promise<FormTemplateRow[]> =>
    (
      await apiFetch<FormTemplatePage>('/api/form-template/list', {
        query: { page: 1, per_page: 200, sort: 'name', order: 'asc', status: 'active' },
      })
    ).data,

  /** GET /api/admin/task/get: the task with targets, schedule, rules and progress per store. */
  getTask: (id: number) => apiFetch<Task>('/api/admin/task/get', { query: { id } }),

  /** POST /api/admin/task/create: saves a new draft. */
  createTask: (body: TaskCreateBody) => apiFetch<Task>('/api/admin/task/create', { method: 'POST', body }),

  /** PUT /api/admin/task/update: replaces every field. */
  updateTask: (body: TaskUpdateBody) => apiFetch<Task>('/api/admin/task/update', { method: 'PUT', body }),

  /** POST /api/admin/task/publish: creates the assignments (twice changes nothing). */
  publishTask: (id: number) =>
    apiFetch<TaskPublishResult>('/api/admin/task/publish', { method: 'POST', body: { id } }),

  /** POST /api/admin/task/archive: no more occurrences; open assignments are cancelled. */
  archiveTask: (id: number) =>
    apiFetch<TaskArchiveResult>('/api/admin/task/archive', { method: 'POST', body: { id } }),

  /** DELETE /api/admin/task/delete?id: drafts only. */
  deleteTask: (id: number) =>
    apiFetch<{ id: number }>('/api/admin/task/delete', { method: 'DELETE', query: { id } }),

  /** POST /api/admin/task/preview: who would receive it, and the busiest store's planned minutes. */
  previewTask: (body: TaskPreviewBody) =>
    apiFetch<TaskPreview>('/api/admin/task/preview', { method: 'POST', body }),

  // Uploads and downloads of task files are My Tasks' methods (mytasks.ts), used by both screens.
};
