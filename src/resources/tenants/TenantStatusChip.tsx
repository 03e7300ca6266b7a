import Chip from '@mui/material/Chip';
import { useRecordContext, useTranslate } from 'react-admin';
import type { TenantRecord } from '../../../contract/api/tenants';

export function TenantStatusChip(props: { record?: TenantRecord }) {
  const record = useRecordContext<TenantRecord>(props);
  const translate = useTranslate();
  if (!record) return null;
  const active = record.status === 'active';
  return (
    <Chip
      size="small"
      color={active ? 'success' : 'default'}
      variant={active ? 'filled' : 'outlined'}
      label={translate(`tenants.status.${record.status}`)}
    />
  );
}

/** "12 / 50": active workspaces against the plan's limit, flagged when the limit is reached. */
export function WorkspaceUsage(props: { record?: TenantRecord }) {
  const record = useRecordContext<TenantRecord>(props);
  const translate = useTranslate();
  if (!record) return null;
  const full = record.active_workspaces >= record.max_active_workspace;
  return (
    <span
      title={full ? translate('tenants.limit_reached') : undefined}
      style={full ? { fontWeight: 600 } : undefined}
    >
      {record.active_workspaces} / {record.max_active_workspace}
    </span>
  );
}
