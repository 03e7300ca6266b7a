import type { Department, DepartmentList } from '../../../contract/api/departments';
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
  UploadResult,
} from '../../../contract/api/tasks';
import { POSITION_HEADER } from '../../../contract/constants';
import { translate } from '../../i18n/translate';
import { ApiError, apiFetch, errorMessage } from '../httpClient';
import { getPositionId } from '../positionStore';
import { getToken } from '../tokenCookie';

/** Upload progress: bytes sent so far of the whole request. */
export type UploadProgress = (loaded: number, total: number) => void;

/**
 * Spec §7 POST /api/user/task/upload (multipart `file`). XMLHttpRequest rather than fetch because
 * only it reports upload progress; the error text comes from the body's `output` (spec §7).
 */
function uploadTaskFile(
  file: File,
  onProgress?: UploadProgress,
  signal?: AbortSignal,
): Promise<UploadResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', new URL('/api/user/task/upload', window.location.origin).toString());
    xhr.setRequestHeader('X-Requested-With', 'XMLHttpRequest');
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    const positionId = getPositionId();
    if (positionId !== undefined) xhr.setRequestHeader(POSITION_HEADER, String(positionId));
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded, event.total);
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        body = xhr.responseText;
      }
      if (xhr.status === 200) {
        const data = (body as { data?: UploadResult } | undefined)?.data;
        if (data) return resolve(data);
      }
      reject(new ApiError(xhr.status, errorMessage(body, 'errors.file_upload'), {}, body));
    };
    xhr.onerror = () => reject(new ApiError(0, translate('errors.network')));
    xhr.onabort = () => reject(new ApiError(0, translate('tasks.attachments.cancelled')));
    signal?.addEventListener('abort', () => xhr.abort());
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}

/** Spec §7 task calls (task management; My Tasks has its own file, mytasks.ts). */
export const taskMethods = {
  /** GET /api/user/task/urgent with the time in unix seconds and the browser zone; the answer's shape is the task module's. */
  getUrgentTasks: (timezone: string | undefined) =>
    apiFetch<unknown>('/api/user/task/urgent', {
      query: { datetime: Math.floor(Date.now() / 1000), timezone },
    }),

  /** GET /api/task/types/list: the tenant's task types in their order. */
  getTaskTypes: async (): Promise<TaskType[]> => (await apiFetch<TaskTypeList>('/api/task/types/list')).data,

  /** GET /api/department/list: every department, for pickers and filters. */
  getTaskDepartments: async (): Promise<Department[]> =>
    (
      await apiFetch<DepartmentList>('/api/department/list', {
        query: { page: 1, per_page: 1000, sort: 'name', order: 'asc' },
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

  uploadTaskFile,

  /** GET /api/task/attachments/download?hash: the file's bytes (spec §7: a blob). */
  downloadTaskFile: (hash: string) =>
    apiFetch<Blob>('/api/task/attachments/download', { query: { hash }, responseType: 'blob' }),
};
