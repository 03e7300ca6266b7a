import type { Identifier } from 'react-admin';

/** Spec §2 routes of the department screens (not react-admin's default /departments paths). */
export const DEPARTMENT_PATHS = {
  list: '/admin/department',
  detail: (id: Identifier) => `/admin/department/detail/${id}`,
  create: '/admin/department/create',
  duplicate: (id: Identifier) => `/admin/department/create/${id}`,
  edit: (id: Identifier) => `/admin/department/edit/${id}`,
} as const;
