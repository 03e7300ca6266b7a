import type { WorkspaceRecord, WorkspaceSummary } from '../../../contract/api/workspaces';
import { apiFetch } from '../../providers/httpClient';

/** Spec §8 fallbacks for workspace changes, which are hierarchy node changes underneath. */
export const WORKSPACE_FALLBACK = { create: 'Error creating node', update: 'Error updating node' } as const;

export const WORKSPACE_SUMMARY_KEY = ['workspaces', 'summary'] as const;

export function fetchWorkspaceSummary() {
  return apiFetch<WorkspaceSummary>('/api/workspace/summary');
}

export function setWorkspaceStatus(id: number, status: 'active' | 'inactive') {
  return apiFetch<WorkspaceRecord>(`/api/workspace/${status === 'active' ? 'activate' : 'deactivate'}`, {
    method: 'PUT',
    body: { id },
    fallback: WORKSPACE_FALLBACK.update,
  });
}
