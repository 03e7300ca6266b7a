import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import { DateField, SaveButton, Toolbar, useRecordContext } from 'react-admin';
import type { TenantRecord, TenantUpdateBody } from '../../../contract/api/tenants';
import { Figure } from '../../components/Figure';
import { RecordEdit } from '../../components/RecordScreens';
import type { PageProps } from '../../routing/types';
import { TenantInputs } from './TenantInputs';
import { TenantStatusButton } from './TenantStatusButton';
import { TenantStatusChip, WorkspaceUsage } from './TenantStatusChip';
import { TENANT_PATHS } from './tenantPaths';

/** Only Save: tenants are disabled, never deleted, so their history stays. */
function FormToolbar() {
  return (
    <Toolbar>
      <SaveButton />
    </Toolbar>
  );
}

/** Status and usage at a glance, above the form. */
function Summary() {
  const record = useRecordContext<TenantRecord>();
  if (!record) return null;
  return (
    <Card sx={{ mb: 2 }}>
      <CardContent>
        <Stack direction="row" spacing={4} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Figure label="tenants.fields.status">
            <TenantStatusChip />
          </Figure>
          <Figure label="tenants.fields.active_workspaces">
            <WorkspaceUsage />
          </Figure>
          <Figure label="tenants.fields.users">{record.users}</Figure>
          <Figure label="tenants.fields.created_at">
            <DateField source="created_at" />
          </Figure>
        </Stack>
      </CardContent>
    </Card>
  );
}

/** Only what the operators may change; read-only figures travel back but the API ignores them. */
const transform = (data: TenantRecord): TenantUpdateBody => ({
  id: data.id,
  name: data.name,
  modules: data.modules,
  max_active_workspace: data.max_active_workspace,
});

/** Spec §2 /tenant-management/edit/{id}: rename, plan (modules, limit), disable or enable. */
export default function TenantEdit({ title }: PageProps) {
  return (
    <RecordEdit<TenantRecord>
      title={title}
      listPath={TENANT_PATHS.list}
      actions={<TenantStatusButton variant="outlined" />}
      transform={transform}
      name={(tenant) => tenant.name}
      then={() => TENANT_PATHS.list}
      summary={<Summary />}
      form={{ toolbar: <FormToolbar />, sx: { maxWidth: 720 } }}
      // Who created, changed, disabled or enabled this tenant (issue 32).
      history="tenant"
    >
      <TenantInputs mode="edit" />
    </RecordEdit>
  );
}
