import ApartmentIcon from '@mui/icons-material/Apartment';
import {
  DateField,
  FunctionField,
  type Identifier,
  NumberField,
  SelectInput,
  TextField,
  useTranslate,
} from 'react-admin';
import type { TenantRecord } from '../../../contract/api/tenants';
import { RecordList, searchOnly } from '../../components/AdminList';
import type { PageProps } from '../../routing/types';
import { TenantStatusButton } from './TenantStatusButton';
import { TenantStatusChip, WorkspaceUsage } from './TenantStatusChip';
import { STATUS_CHOICES } from './tenantChoices';
import { TENANT_PATHS } from './tenantPaths';

const filters = [
  ...searchOnly('tenants'),
  <SelectInput
    key="status"
    source="status"
    label="tenants.fields.status"
    choices={STATUS_CHOICES}
    alwaysOn
  />,
];

const rowClick = (id: Identifier) => TENANT_PATHS.edit(id);

/** Spec §2 /tenant-management: every customer tenant with its status, plan usage and head count. */
export default function TenantList({ title }: PageProps) {
  const translate = useTranslate();
  return (
    <RecordList<TenantRecord>
      title={title}
      filters={filters}
      storeKey="tenant-management"
      createPath={TENANT_PATHS.create}
      icon={ApartmentIcon}
      rowClick={rowClick}
      lines={{
        secondaryText: (r) =>
          r.status === 'active' ? r.identifier : `${r.identifier} · ${translate('tenants.status.disabled')}`,
        tertiaryText: (r) => `${r.active_workspaces} / ${r.max_active_workspace}`,
      }}
    >
      <TextField source="name" label="tenants.fields.name" />
      <TextField source="identifier" label="tenants.fields.identifier" />
      <FunctionField<TenantRecord>
        source="status"
        label="tenants.fields.status"
        render={(r) => <TenantStatusChip record={r} />}
      />
      <FunctionField<TenantRecord>
        source="active_workspaces"
        label="tenants.fields.active_workspaces"
        render={(r) => <WorkspaceUsage record={r} />}
      />
      <NumberField source="users" label="tenants.fields.users" />
      <DateField source="created_at" label="tenants.fields.created_at" />
      <TenantStatusButton />
    </RecordList>
  );
}
