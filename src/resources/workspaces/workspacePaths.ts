import type { Identifier } from 'react-admin';

/** Spec §2 routes of the workspace screens (not react-admin's default /workspaces paths). */
export const WORKSPACE_PATHS = {
  list: '/admin/workspace',
  detail: (id: Identifier) => `/admin/workspace/detail/${id}`,
  create: '/admin/workspace/create',
  import: '/admin/workspace/import',
  edit: (id: Identifier) => `/admin/workspace/edit/${id}`,
} as const;
