import type { Identifier } from 'react-admin';

/** Spec §2 routes of the user screens (not react-admin's default /users paths). */
export const USER_PATHS = {
  list: '/admin/user',
  create: '/admin/user/create',
  import: '/admin/user/import',
  edit: (id: Identifier) => `/admin/user/edit/${id}`,
} as const;
