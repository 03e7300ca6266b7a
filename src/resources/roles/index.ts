import BadgeIcon from '@mui/icons-material/Badge';
import { lazy } from 'react';
import type { Role } from '../../../contract/api/roles';
import { needs } from '../../providers/accessControl';
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
  routes: [
    {
      path: ROLE_PATHS.list,
      access: needs('role', 'read', 'update'),
      title: 'pages.roles',
      page: lazy(() => import('./RoleList')),
    },
    {
      path: '/admin/role/detail/:id',
      access: needs('role', 'read'),
      title: 'pages.role_detail',
      page: lazy(() => import('./RoleShow')),
    },
    // With an id the create screen duplicates that role (spec §2).
    {
      path: '/admin/role/create/:id?',
      access: needs('role', 'create'),
      title: 'pages.role_create',
      page: lazy(() => import('./RoleCreate')),
    },
    {
      path: '/admin/role/edit/:id',
      access: needs('role', 'update'),
      title: 'pages.role_edit',
      page: lazy(() => import('./RoleEdit')),
    },
  ],
};
