import Chip from '@mui/material/Chip';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { fetchWorkspaceSummary, WORKSPACE_SUMMARY_KEY } from './workspaceApi';

/** "12 of 50 active": the tenant's active workspaces against its max_active_workspace. */
export function WorkspaceSummaryChip() {
  const translate = useTranslate();
  const { data } = useQuery({ queryKey: WORKSPACE_SUMMARY_KEY, queryFn: fetchWorkspaceSummary });
  if (!data) return null;
  const full = data.active >= data.limit;
  return (
    <Chip
      data-testid="workspace-summary"
      color={full ? 'warning' : 'default'}
      variant={full ? 'filled' : 'outlined'}
      label={translate('workspaces.active_of_limit', { active: data.active, limit: data.limit })}
      title={translate(full ? 'workspaces.limit_reached' : 'workspaces.limit_help', { limit: data.limit })}
    />
  );
}
