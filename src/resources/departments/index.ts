import WorkspacesIcon from '@mui/icons-material/Workspaces';
import { lazy } from 'react';
import type { Department } from '../../../contract/api/departments';
import { recordRoutes } from '../../routing/recordRoutes';
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
  routes: recordRoutes('department', DEPARTMENT_PATHS.list, {
    list: { title: 'pages.departments', page: lazy(() => import('./DepartmentList')) },
    detail: { title: 'pages.department_detail', page: lazy(() => import('./DepartmentShow')) },
    // With an id the create screen duplicates that department (spec §2).
    duplicable: { title: 'pages.department_create', page: lazy(() => import('./DepartmentCreate')) },
    edit: { title: 'pages.department_edit', page: lazy(() => import('./DepartmentEdit')) },
  }),
};
