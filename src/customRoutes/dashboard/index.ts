import DashboardIcon from '@mui/icons-material/Dashboard';
import { lazy } from 'react';
import { needs } from '../../providers/accessControl';
import type { AppPages } from '../../routing/types';

/** Spec §2 /dashboard (dashboard.read): the selected position's part of the organisation at a glance. */
export const dashboard: AppPages = {
  icon: DashboardIcon,
  routes: [
    {
      path: '/dashboard',
      access: needs('dashboard', 'read'),
      title: 'pages.dashboard',
      page: lazy(() => import('./DashboardPage')),
    },
  ],
};
