import type { Identifier } from 'react-admin';

/** Spec §2 routes of the role screens (not react-admin's default /roles paths). */
export const ROLE_PATHS = {
  list: '/admin/role',
  detail: (id: Identifier) => `/admin/role/detail/${id}`,
  create: '/admin/role/create',
  duplicate: (id: Identifier) => `/admin/role/create/${id}`,
  edit: (id: Identifier) => `/admin/role/edit/${id}`,
} as const;
