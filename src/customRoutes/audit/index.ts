import FactCheckIcon from '@mui/icons-material/FactCheck';
import { lazy } from 'react';
import { needs } from '../../providers/accessControl';
import type { AppPages } from '../../routing/types';

/** Spec §2 /audit/task and /audit/store (audit.read); deciding needs audit.update. */
export const audit: AppPages = {
  icon: FactCheckIcon,
  routes: [
    // "/audit" is the Audit menu parent's path; it forwards to its first sub-page.
    { path: '/audit', access: needs('audit', 'read'), title: 'pages.audit_task', redirect: '/audit/task' },
    {
      path: '/audit/task',
      access: needs('audit', 'read'),
      title: 'pages.audit_task',
      page: lazy(() => import('./AuditByTaskPage')),
    },
    {
      path: '/audit/store',
      access: needs('audit', 'read'),
      title: 'pages.audit_store',
      page: lazy(() => import('./AuditByStorePage')),
    },
  ],
};
