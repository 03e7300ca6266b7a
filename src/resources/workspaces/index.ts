import StoreIcon from '@mui/icons-material/Store';
import { lazy } from 'react';
import type { WorkspaceRecord } from '../../../contract/api/workspaces';
import { recordRoutes } from '../../routing/recordRoutes';
import type { AppResource } from '../../routing/types';
import { WORKSPACE_PATHS } from './workspacePaths';

/** Workspace administration, with the tenant's active limit (spec §2 /admin/workspace…). */
export const workspaces: AppResource<WorkspaceRecord> = {
  name: 'workspaces',
  icon: StoreIcon,
  recordRepresentation: (record) => `${record.name} (${record.identifier})`,
  module: 'workspace',
  // Workspaces are hierarchy nodes underneath, so their failures use the node texts of spec §8.
  endpoints: {
    base: '/api/workspace',
    messages: { create: 'errors.node_create', update: 'errors.node_update' },
  },
  adminLink: true,
  routes: [
    ...recordRoutes('workspace', WORKSPACE_PATHS.list, {
      list: { title: 'pages.workspaces', page: lazy(() => import('./WorkspaceList')) },
      detail: { title: 'pages.workspace_detail', page: lazy(() => import('./WorkspaceShow')) },
      create: { title: 'pages.workspace_create', page: lazy(() => import('./WorkspaceCreate')) },
      edit: { title: 'pages.workspace_edit', page: lazy(() => import('./WorkspaceEdit')) },
    }),
  ],
};
