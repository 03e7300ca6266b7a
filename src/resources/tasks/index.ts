import AssignmentIcon from '@mui/icons-material/AssignmentOutlined';
import { lazy } from 'react';
import type { TaskSummary } from '../../../contract/api/tasks';
import { needs } from '../../providers/accessControl';
import { recordRoutes } from '../../routing/recordRoutes';
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
  routes: recordRoutes('taskmanagement', TASK_PATHS.list, {
    list: {
      title: 'pages.task_management',
      page: lazy(() => import('./TaskList')),
      access: needs('taskmanagement', 'read'),
    },
    detail: { title: 'pages.task_detail', page: lazy(() => import('./TaskShow')) },
    duplicable: { title: 'pages.task_create', page: lazy(() => import('./TaskCreate')) },
    edit: { title: 'pages.task_edit', page: lazy(() => import('./TaskEdit')) },
  }),
};
