import FactCheckIcon from '@mui/icons-material/FactCheck';
import { lazy } from 'react';
import { needs } from '../../providers/accessControl';
import { sectionRoutes } from '../../routing/sectionRoutes';
import type { AppPages } from '../../routing/types';

/** Spec §2 /audit/task and /audit/store (audit.read); deciding needs audit.update. "/audit" is the Audit menu parent's path. */
export const audit: AppPages = {
  icon: FactCheckIcon,
  routes: sectionRoutes('/audit', needs('audit', 'read'), [
    { path: '/audit/task', title: 'pages.audit_task', page: lazy(() => import('./AuditByTaskPage')) },
    { path: '/audit/store', title: 'pages.audit_store', page: lazy(() => import('./AuditByStorePage')) },
  ]),
};
