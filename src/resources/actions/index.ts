import ReportProblemIcon from '@mui/icons-material/ReportProblem';
import { lazy } from 'react';
import type { ActionRow } from '../../../contract/api/actions';
import { recordRoutes } from '../../routing/recordRoutes';
import type { AppResource } from '../../routing/types';
import { ACTION_PATHS } from './actionPaths';

/**
 * Actions (issue 49) under Tasks: /task/action… (action module). The CRUD calls follow the API's
 * convention (/api/action/list|get|create|update|delete); the steps of work are actionApi.ts's.
 */
export const actions: AppResource<ActionRow> = {
  name: 'actions',
  icon: ReportProblemIcon,
  recordRepresentation: (record) => record.title,
  module: 'action',
  endpoints: { base: '/api/action' },
  routes: recordRoutes('action', ACTION_PATHS.list, {
    list: { title: 'actions.pages.list', page: lazy(() => import('./ActionList')) },
    detail: { title: 'actions.pages.detail', page: lazy(() => import('./ActionShow')) },
    create: { title: 'actions.pages.create', page: lazy(() => import('./ActionCreate')) },
    edit: { title: 'actions.pages.edit', page: lazy(() => import('./ActionEdit')) },
  }),
};
