import StorefrontIcon from '@mui/icons-material/Storefront';
import { lazy } from 'react';
import type { WorkspaceRecord } from '../../../contract/api/workspaces';
import { needs } from '../../providers/accessControl';
import type { AppResource } from '../../routing/types';

/** {workspace term} Info: the workspaces in the user's part of the organisation, read-only (spec §2 /workspace…). */
export const stores: AppResource<WorkspaceRecord> = {
  name: 'stores',
  icon: StorefrontIcon,
  recordRepresentation: (record) => record.name,
  module: 'storeinfo',
  endpoints: { base: '/api/storeinfo' },
  routes: [
    {
      path: '/workspace',
      access: needs('storeinfo', 'read'),
      title: 'pages.workspace_info',
      page: lazy(() => import('./StoreList')),
    },
    {
      path: '/workspace/detail/:id',
      access: needs('storeinfo', 'read'),
      title: 'pages.workspace_info_detail',
      page: lazy(() => import('./StoreShow')),
    },
  ],
};
