import AssignmentTurnedInIcon from '@mui/icons-material/AssignmentTurnedIn';
import { lazy } from 'react';
import { needs } from '../../providers/accessControl';
import type { AppPages } from '../../routing/types';

/** Spec §2 /task (My Tasks, mytasks.read): the store's day, and completing its tasks. */
export const myTasks: AppPages = {
  icon: AssignmentTurnedInIcon,
  routes: [
    {
      path: '/task',
      access: needs('mytasks', 'read'),
      title: 'pages.my_tasks',
      page: lazy(() => import('./MyTasksPage')),
    },
  ],
};
