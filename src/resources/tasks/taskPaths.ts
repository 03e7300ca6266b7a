import type { Identifier } from 'react-admin';

/** Spec §2 routes of the task management screens. */
export const TASK_PATHS = {
  list: '/task/management',
  detail: (id: Identifier) => `/task/management/detail/${id}`,
  create: '/task/management/create',
  /** Spec §2: create with an id duplicates that task. */
  duplicate: (id: Identifier) => `/task/management/create/${id}`,
  edit: (id: Identifier) => `/task/management/edit/${id}`,
} as const;
