import Chip from '@mui/material/Chip';
import { useRecordContext, useTranslate } from 'react-admin';
import type { WorkspaceRecord } from '../../contract/api/workspaces';

/** Active or inactive, as the workspace screens and Store Info both show it. */
export function WorkspaceStatusChip(props: { record?: WorkspaceRecord }) {
  const record = useRecordContext<WorkspaceRecord>(props);
  const translate = useTranslate();
  if (!record) return null;
  const active = record.status === 'active';
  return (
    <Chip
      size="small"
      color={active ? 'success' : 'default'}
      variant={active ? 'filled' : 'outlined'}
      label={translate(`workspaces.status.${record.status}`)}
    />
  );
}
