import HistoryIcon from '@mui/icons-material/History';
import { lazy } from 'react';
import { needs } from '../../providers/accessControl';
import type { AppPages } from '../../routing/types';

/** /admin/activity (issue 32): the administration log, for whoever holds activity.read. */
export const activity: AppPages = {
  icon: HistoryIcon,
  adminLink: true,
  routes: [
    {
      path: '/admin/activity',
      access: needs('activity', 'read'),
      title: 'pages.activity',
      page: lazy(() => import('./ActivityPage')),
    },
  ],
};
