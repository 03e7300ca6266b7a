import { useRecordContext, useTranslate } from 'react-admin';
import type { TenantRecord } from '../../../contract/api/tenants';
import { ActiveStatusChip } from '../../components/ActiveStatusChip';

export function TenantStatusChip(props: { record?: TenantRecord }) {
  const record = useRecordContext<TenantRecord>(props);
  if (!record) return null;
  return <ActiveStatusChip status={record.status} prefix="tenants" />;
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
