import FactCheckIcon from '@mui/icons-material/FactCheck';
import { lazy } from 'react';
import { needs } from '../../providers/accessControl';
import type { AppPages } from '../../routing/types';

/**
 * /task/compliance: the Tasks menu links it although spec §2's route table omits it; it is the
 * compliance module's screen, so it needs compliance.read like its menu entry.
 */
export const compliance: AppPages = {
  icon: FactCheckIcon,
  routes: [
    {
      path: '/task/compliance',
      access: needs('compliance', 'read'),
      title: 'pages.compliance',
      page: lazy(() => import('./CompliancePage')),
    },
  ],
};
