import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import {
  DateField,
  Edit,
  ListButton,
  SaveButton,
  SimpleForm,
  Toolbar,
  TopToolbar,
  useNotify,
  useRecordContext,
  useRedirect,
  useTranslate,
} from 'react-admin';
import type { TenantRecord, TenantUpdateBody } from '../../../contract/api/tenants';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { useRecordRoute } from '../../hooks/useRecordRoute';
import type { PageProps } from '../../routing/types';
import { TenantInputs } from './TenantInputs';
import { TenantStatusButton } from './TenantStatusButton';
import { TenantStatusChip, WorkspaceUsage } from './TenantStatusChip';
import { TENANT_PATHS } from './tenantPaths';

function Actions() {
  return (
    <TopToolbar>
      <ListButton to={TENANT_PATHS.list} label="tenants.actions.back" />
      <TenantStatusButton variant="outlined" />
    </TopToolbar>
  );
}

/** Only Save: tenants are disabled, never deleted, so their history stays. */
function FormToolbar() {
  return (
    <Toolbar>
      <SaveButton />
    </Toolbar>
  );
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <div>
      <Typography variant="caption" color="text.secondary" component="div">
        {translate(label)}
      </Typography>
      <Typography component="div">{children}</Typography>
    </div>
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
  useDocumentTitle(title);
  const { id, queryOptions } = useRecordRoute(TENANT_PATHS.list);
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Edit<TenantRecord>
      id={id}
      title={title}
      actions={<Actions />}
      mutationMode="pessimistic"
      transform={transform}
      redirect={false}
      queryOptions={queryOptions}
      mutationOptions={{
        onSuccess: (record) => {
          notify('tenants.notify.updated', { type: 'success', messageArgs: { name: record.name } });
          redirect(() => TENANT_PATHS.list);
        },
      }}
    >
      <Summary />
      <SimpleForm toolbar={<FormToolbar />} sx={{ maxWidth: 720 }}>
        <TenantInputs mode="edit" />
      </SimpleForm>
    </Edit>
  );
}
