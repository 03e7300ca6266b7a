import PersonOutlineIcon from '@mui/icons-material/PersonOutline';
import { lazy } from 'react';
import { needs } from '../../providers/accessControl';
import type { AppPages } from '../../routing/types';

/** Spec §2 /profile: one's own picture, name, profile fields and password. */
export const profile: AppPages = {
  icon: PersonOutlineIcon,
  routes: [
    {
      path: '/profile',
      access: needs('profile', 'read'),
      title: 'pages.profile',
      page: lazy(() => import('./ProfilePage')),
    },
  ],
};
