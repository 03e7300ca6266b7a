import type { Inspection } from '../../../contract/api/inspections';
import type {
  MyTaskCard,
  MyTaskCompleteBody,
  MyTaskDetail,
  MyTaskGetQuery,
  MyTaskGroups,
  UrgentTasks,
} from '../../../contract/api/mytasks';
import type { FileInfo } from '../../../contract/api/tasks';
import { browserTimeZone } from '../../session/timezone';
import { apiFetch } from '../httpClient';
import { type UploadOptions, uploadFile } from '../uploadRequest';

/**
 * Every My Tasks query starts with this key, and with the position: the position picks the store.
 * Here, beside the calls, because the offline queue refreshes those answers too.
 */
export const MY_TASKS_KEY = 'my-tasks';

/**
 * Spec §7 My Tasks calls. Task queries send the browser's zone (spec §9), whatever zone the
 * profile displays in: the server reads the asked-for day in the zone of the device asking.
 */
export const myTaskMethods = {
  /** GET /api/user/task/date: the assignments covering a local day (YYYY-MM-DD), grouped by type. */
  getMyTasksForDay: (day: string, department?: number) =>
    apiFetch<MyTaskGroups>('/api/user/task/date', {
      query: { datetime: day, timezone: browserTimeZone(), department },
    }),

  /** GET /api/user/task/search: matching assignments from 30 days back to 30 ahead. */
  searchMyTasks: (searchKey: string, department?: number) =>
    apiFetch<MyTaskGroups>('/api/user/task/search', {
      query: { search_key: searchKey, timezone: browserTimeZone(), department },
    }),

  /** GET /api/user/task/urgent with the time in unix seconds (spec §7). */
  getUrgentTasks: () =>
    apiFetch<UrgentTasks>('/api/user/task/urgent', {
      query: { datetime: Math.floor(Date.now() / 1000), timezone: browserTimeZone() },
    }),

  /** GET /api/user/task/get: the query is a parameter object (spec §7). */
  getMyTask: (query: MyTaskGetQuery) => apiFetch<MyTaskDetail>('/api/user/task/get', { query: { ...query } }),

  /** POST /api/user/task/complete: done, can't do, or (communications) read. */
  completeMyTask: (body: MyTaskCompleteBody) =>
    apiFetch<MyTaskCard>('/api/user/task/complete', { method: 'POST', body }),

  /** POST /api/user/task/form: a task's form, the store's inspection of it (started on first open). */
  openTaskForm: (assignmentId: number) =>
    apiFetch<Inspection>('/api/user/task/form', { method: 'POST', body: { assignment_id: assignmentId } }),

  /** POST /api/compliance/complete: a compliance check of one's own workspace, from the grid. */
  completeComplianceCheck: (body: MyTaskCompleteBody) =>
    apiFetch<MyTaskCard>('/api/compliance/complete', { method: 'POST', body }),

  /** POST /api/user/task/upload (form data) with progress; the error comes from `output` (spec §7). */
  uploadTaskFile: (file: File, options: Omit<UploadOptions, 'fallback'> = {}) =>
    uploadFile<FileInfo>('/api/user/task/upload', file, { ...options, fallback: 'errors.file_upload' }),

  /**
   * GET /api/task/attachments/download: the file (spec §7 blob response), named as the server
   * names it: the name it carries where the caller met it, when given and known to the server.
   */
  downloadTaskFile: (file: { hash: string; name?: string }) =>
    apiFetch<File>('/api/task/attachments/download', {
      query: file.name === undefined ? { hash: file.hash } : { hash: file.hash, name: file.name },
      responseType: 'file',
    }),

  /** GET /api/task/attachments/thumbnail: a photo's small upright copy, for lists and grids. */
  taskFileThumbnail: (hash: string) =>
    apiFetch<Blob>('/api/task/attachments/thumbnail', { query: { hash }, responseType: 'blob' }),
};
