import WorkspacesIcon from '@mui/icons-material/Workspaces';
import { lazy } from 'react';
import type { Department } from '../../../contract/api/departments';

/** Department screens, mounted by the route table at spec §2's paths. */
export const departments = {
  list: lazy(() => import('./DepartmentList')),
  show: lazy(() => import('./DepartmentShow')),
  create: lazy(() => import('./DepartmentCreate')),
  edit: lazy(() => import('./DepartmentEdit')),
  icon: WorkspacesIcon,
  recordRepresentation: (record: Department) => record.name,
};
