import type { Identifier } from 'react-admin';
import type { WorkspaceRecord, WorkspaceSummary } from '../../../contract/api/workspaces';
import { apiFetch } from '../httpClient';

/** Workspace calls beyond react-admin's CRUD; workspaces are hierarchy nodes, hence the node texts. */
export const workspaceMethods = {
  /** The tenant's active workspaces against its max_active_workspace. */
  getWorkspaceSummary: () => apiFetch<WorkspaceSummary>('/api/workspace/summary'),

  /** Activating past the tenant's limit is refused by the server with the limit in its message. */
  setWorkspaceStatus: (id: Identifier, status: 'active' | 'inactive') =>
    apiFetch<WorkspaceRecord>(`/api/workspace/${status === 'active' ? 'activate' : 'deactivate'}`, {
      method: 'PUT',
      body: { id },
      fallback: 'errors.node_update',
    }),
};
