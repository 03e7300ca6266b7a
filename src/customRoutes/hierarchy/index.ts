import AccountTreeIcon from '@mui/icons-material/AccountTree';
import { lazy } from 'react';
import { needs } from '../../providers/accessControl';
import type { AppPages } from '../../routing/types';

/** Spec §2 /admin/hierarchy: the organisation tree and the people at each node. */
export const hierarchy: AppPages = {
  icon: AccountTreeIcon,
  adminLink: true,
  routes: [
    {
      path: '/admin/hierarchy',
      access: needs('hierarchy', 'read', 'update'),
      title: 'pages.hierarchy',
      page: lazy(() => import('./HierarchyPage')),
    },
  ],
};
