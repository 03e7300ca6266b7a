import StorefrontIcon from '@mui/icons-material/Storefront';
import { lazy } from 'react';
import type { WorkspaceRecord } from '../../../contract/api/workspaces';
import { needs } from '../../providers/accessControl';
import { recordRoutes } from '../../routing/recordRoutes';
import type { AppResource } from '../../routing/types';

/** {workspace term} Info: the workspaces in the user's part of the organisation, read-only (spec §2 /workspace…). */
export const stores: AppResource<WorkspaceRecord> = {
  name: 'stores',
  icon: StorefrontIcon,
  recordRepresentation: (record) => record.name,
  module: 'storeinfo',
  endpoints: { base: '/api/storeinfo' },
  routes: recordRoutes('storeinfo', '/workspace', {
    list: {
      title: 'pages.workspace_info',
      page: lazy(() => import('./StoreList')),
      access: needs('storeinfo', 'read'),
    },
    detail: { title: 'pages.workspace_info_detail', page: lazy(() => import('./StoreShow')) },
  }),
};
