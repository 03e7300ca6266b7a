import type { Identifier } from 'react-admin';

/** Spec §2 routes of tenant management (not react-admin's default /tenants paths). */
export const TENANT_PATHS = {
  list: '/tenant-management',
  create: '/tenant-management/create',
  edit: (id: Identifier) => `/tenant-management/edit/${id}`,
} as const;
