import SettingsIcon from '@mui/icons-material/Settings';
import { lazy } from 'react';
import { needs } from '../../providers/accessControl';
import type { AppPages } from '../../routing/types';

/** Spec §2 /settings: the tenant's terms, modules, week start and theme. */
export const settings: AppPages = {
  icon: SettingsIcon,
  adminLink: true,
  routes: [
    {
      path: '/settings',
      access: needs('setting', 'read', 'update'),
      title: 'pages.settings',
      page: lazy(() => import('./SettingsPage')),
    },
  ],
};
