import AssignmentIcon from '@mui/icons-material/AssignmentOutlined';
import { lazy } from 'react';
import type { TaskSummary } from '../../../contract/api/tasks';
import { needs } from '../../providers/accessControl';
import type { AppResource } from '../../routing/types';
import { TASK_PATHS } from './taskPaths';

/** Task Management (spec §2 /task/management…): authoring, targeting and progress of tasks. */
export const tasks: AppResource<TaskSummary> = {
  name: 'tasks',
  icon: AssignmentIcon,
  recordRepresentation: (record) => record.title,
  module: 'taskmanagement',
  // The list's filters are the query's own names (search_key, status, …).
  endpoints: { base: '/api/admin/task' },
  routes: [
    {
      path: TASK_PATHS.list,
      access: needs('taskmanagement', 'read'),
      title: 'pages.task_management',
      page: lazy(() => import('./TaskList')),
    },
    {
      path: '/task/management/detail/:id',
      access: needs('taskmanagement', 'read'),
      title: 'pages.task_detail',
      page: lazy(() => import('./TaskShow')),
    },
    {
      path: '/task/management/create/:id?',
      access: needs('taskmanagement', 'create'),
      title: 'pages.task_create',
      page: lazy(() => import('./TaskCreate')),
    },
    {
      path: '/task/management/edit/:id',
      access: needs('taskmanagement', 'update'),
      title: 'pages.task_edit',
      page: lazy(() => import('./TaskEdit')),
    },
  ],
};
