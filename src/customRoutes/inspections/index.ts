import AssignmentTurnedInIcon from '@mui/icons-material/AssignmentTurnedIn';
import { lazy } from 'react';
import { needs } from '../../providers/accessControl';
import type { AppFolder } from '../../routing/types';

/** Inspections (issue 48) under Audit: /audit/inspection… (inspection module). */
export const inspections: AppFolder = {
  icon: AssignmentTurnedInIcon,
  routes: [
    {
      path: '/audit/inspection',
      access: needs('inspection', 'read'),
      title: 'inspections.title',
      page: lazy(() => import('./InspectionListPage')),
    },
    {
      path: '/audit/inspection/:id',
      access: needs('inspection', 'read'),
      title: 'inspections.one_title',
      page: lazy(() => import('./InspectionPage')),
    },
    {
      // A store's task form (a task that carries one), filled by those who complete the store's tasks.
      path: '/task/form/:id',
      access: needs('mytasks', 'complete'),
      title: 'inspections.task_form.title',
      page: lazy(() => import('./InspectionPage')),
    },
  ],
};
