import ApartmentIcon from '@mui/icons-material/Apartment';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import {
  CreateButton,
  Datagrid,
  DateField,
  FunctionField,
  type Identifier,
  List,
  NumberField,
  SearchInput,
  SelectInput,
  SimpleList,
  TextField,
  TopToolbar,
  useTranslate,
} from 'react-admin';
import type { TenantRecord } from '../../../contract/api/tenants';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { useIsMobile } from '../../hooks/useIsMobile';
import type { PageProps } from '../../routing/types';
import { TenantStatusButton } from './TenantStatusButton';
import { TenantStatusChip, WorkspaceUsage } from './TenantStatusChip';
import { STATUS_CHOICES } from './tenantChoices';
import { TENANT_PATHS } from './tenantPaths';

function useFilters() {
  const translate = useTranslate();
  return [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('tenants.search')} />,
    <SelectInput
      key="status"
      source="status"
      label="tenants.fields.status"
      choices={STATUS_CHOICES}
      alwaysOn
    />,
  ];
}

const rowClick = (id: Identifier) => TENANT_PATHS.edit(id);

function Actions() {
  return (
    <TopToolbar>
      <CreateButton to={TENANT_PATHS.create} label="tenants.actions.create" />
    </TopToolbar>
  );
}

function Empty() {
  const translate = useTranslate();
  return (
    <Box sx={{ textAlign: 'center', py: 8, px: 2, mx: 'auto', maxWidth: 480 }} data-testid="tenants-empty">
      <ApartmentIcon sx={{ fontSize: 64, color: 'text.disabled' }} />
      <Typography variant="h6" sx={{ mt: 1 }}>
        {translate('tenants.empty_title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate('tenants.empty_body')}
      </Typography>
      <CreateButton to={TENANT_PATHS.create} label="tenants.actions.create" variant="contained" />
    </Box>
  );
}

/** Spec §2 /tenant-management: every customer tenant with its status, plan usage and head count. */
export default function TenantList({ title }: PageProps) {
  useDocumentTitle(title);
  const isMobile = useIsMobile();
  const filters = useFilters();
  const translate = useTranslate();
  return (
    <List
      title={title}
      sort={{ field: 'name', order: 'ASC' }}
      filters={filters}
      actions={<Actions />}
      empty={<Empty />}
      storeKey="tenant-management"
    >
      {isMobile ? (
        <SimpleList<TenantRecord>
          primaryText={(r) => r.name}
          secondaryText={(r) =>
            r.status === 'active' ? r.identifier : `${r.identifier} · ${translate('tenants.status.disabled')}`
          }
          tertiaryText={(r) => `${r.active_workspaces} / ${r.max_active_workspace}`}
          rowClick={rowClick}
        />
      ) : (
        <Datagrid rowClick={rowClick} bulkActionButtons={false}>
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
        </Datagrid>
      )}
    </List>
  );
}
