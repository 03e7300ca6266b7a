import { apiFetch } from '../httpClient';

/** Spec §7 task calls made so far; the task modules add theirs here. */
export const taskMethods = {
  /** GET /api/user/task/urgent with the time in unix seconds and the browser zone; the answer's shape is the task module's. */
  getUrgentTasks: (timezone: string | undefined) =>
    apiFetch<unknown>('/api/user/task/urgent', {
      query: { datetime: Math.floor(Date.now() / 1000), timezone },
    }),
};
