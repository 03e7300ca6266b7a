import Chip from '@mui/material/Chip';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';

/** "12 of 50 active": the tenant's active workspaces against its max_active_workspace. */
export function WorkspaceSummaryChip() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  // Under 'workspaces', so whatever invalidates the workspace lists refreshes the count too.
  const { data } = useQuery({
    queryKey: ['workspaces', 'summary'],
    queryFn: () => dataProvider.getWorkspaceSummary(),
  });
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
