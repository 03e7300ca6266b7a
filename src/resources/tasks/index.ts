import AssignmentIcon from '@mui/icons-material/AssignmentOutlined';
import { lazy } from 'react';
import type { TaskSummary } from '../../../contract/api/tasks';
import { comingSoon } from '../../customRoutes/placeholders';
import { needs } from '../../providers/accessControl';
import type { AppResource } from '../../routing/types';
import { TASK_PATHS } from './taskPaths';

/** Task Management (spec §2 /task/management…): authoring, targeting and progress of tasks. */
export const tasks: AppResource<TaskSummary> = {
  name: 'tasks',
  icon: AssignmentIcon,
  recordRepresentation: (record) => record.title,
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
    comingSoon('/task/management/create/:id?', needs('taskmanagement', 'create'), 'pages.task_create'),
    comingSoon('/task/management/edit/:id', needs('taskmanagement', 'update'), 'pages.task_edit'),
  ],
};
