import StoreIcon from '@mui/icons-material/Store';
import { lazy } from 'react';
import type { WorkspaceRecord } from '../../../contract/api/workspaces';

/** Workspace administration screens, mounted by the route table at spec §2's /admin/workspace paths. */
export const workspaces = {
  list: lazy(() => import('./WorkspaceList')),
  show: lazy(() => import('./WorkspaceShow')),
  create: lazy(() => import('./WorkspaceCreate')),
  edit: lazy(() => import('./WorkspaceEdit')),
  icon: StoreIcon,
  recordRepresentation: (record: WorkspaceRecord) => `${record.name} (${record.identifier})`,
};
