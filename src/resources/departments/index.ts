import WorkspacesIcon from '@mui/icons-material/Workspaces';
import { lazy } from 'react';
import type { Department } from '../../../contract/api/departments';
import { needs } from '../../providers/accessControl';
import type { AppResource } from '../../routing/types';
import { DEPARTMENT_PATHS } from './departmentPaths';

/** The departments tasks can be filed under (spec §2 /admin/department…). */
export const departments: AppResource<Department> = {
  name: 'departments',
  icon: WorkspacesIcon,
  recordRepresentation: (record) => record.name,
  module: 'department',
  endpoints: { base: '/api/department' },
  adminLink: true,
  routes: [
    {
      path: DEPARTMENT_PATHS.list,
      access: needs('department', 'read', 'update'),
      title: 'pages.departments',
      page: lazy(() => import('./DepartmentList')),
    },
    {
      path: '/admin/department/detail/:id',
      access: needs('department', 'read'),
      title: 'pages.department_detail',
      page: lazy(() => import('./DepartmentShow')),
    },
    // With an id the create screen duplicates that department (spec §2).
    {
      path: '/admin/department/create/:id?',
      access: needs('department', 'create'),
      title: 'pages.department_create',
      page: lazy(() => import('./DepartmentCreate')),
    },
    {
      path: '/admin/department/edit/:id',
      access: needs('department', 'update'),
      title: 'pages.department_edit',
      page: lazy(() => import('./DepartmentEdit')),
    },
  ],
};
