import StoreIcon from '@mui/icons-material/Store';
import { lazy } from 'react';
import type { WorkspaceRecord } from '../../../contract/api/workspaces';
import { importRoute } from '../../customRoutes/imports';
import { needs } from '../../providers/accessControl';
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
    {
      path: WORKSPACE_PATHS.list,
      access: needs('workspace', 'read', 'update'),
      title: 'pages.workspaces',
      page: lazy(() => import('./WorkspaceList')),
    },
    {
      path: '/admin/workspace/detail/:id',
      access: needs('workspace', 'read'),
      title: 'pages.workspace_detail',
      page: lazy(() => import('./WorkspaceShow')),
    },
    {
      path: WORKSPACE_PATHS.create,
      access: needs('workspace', 'create'),
      title: 'pages.workspace_create',
      page: lazy(() => import('./WorkspaceCreate')),
    },
    {
      path: '/admin/workspace/edit/:id',
      access: needs('workspace', 'update'),
      title: 'pages.workspace_edit',
      page: lazy(() => import('./WorkspaceEdit')),
    },
    importRoute('workspace'),
  ],
};
