import BadgeIcon from '@mui/icons-material/Badge';
import { lazy } from 'react';
import type { Role } from '../../../contract/api/roles';
import { recordRoutes } from '../../routing/recordRoutes';
import type { AppResource } from '../../routing/types';
import { ROLE_PATHS } from './rolePaths';

/** The tenant's roles and their permission matrices (spec §2 /admin/role…). */
export const roles: AppResource<Role> = {
  name: 'roles',
  icon: BadgeIcon,
  recordRepresentation: (record) => record.name,
  module: 'role',
  endpoints: { base: '/api/role' },
  adminLink: true,
  routes: recordRoutes('role', ROLE_PATHS.list, {
    list: { title: 'pages.roles', page: lazy(() => import('./RoleList')) },
    detail: { title: 'pages.role_detail', page: lazy(() => import('./RoleShow')) },
    // With an id the create screen duplicates that role (spec §2).
    duplicable: { title: 'pages.role_create', page: lazy(() => import('./RoleCreate')) },
    edit: { title: 'pages.role_edit', page: lazy(() => import('./RoleEdit')) },
  }),
};
