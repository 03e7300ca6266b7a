import { useRecordContext } from 'react-admin';
import type { WorkspaceRecord } from '../../contract/api/workspaces';
import { ActiveStatusChip } from './ActiveStatusChip';

/** Active or inactive, as the workspace screens and Store Info both show it. */
export function WorkspaceStatusChip(props: { record?: WorkspaceRecord }) {
  const record = useRecordContext<WorkspaceRecord>(props);
  if (!record) return null;
  return <ActiveStatusChip status={record.status} prefix="workspaces" />;
}
