import AddIcon from '@mui/icons-material/Add';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import {
  Datagrid,
  FunctionField,
  List,
  NumberField,
  SearchInput,
  SelectInput,
  SimpleList,
  TextField,
  TopToolbar,
  useCanAccess,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { Link } from 'react-router-dom';
import type { WorkspaceRecord } from '../../../contract/api/workspaces';
import { ImportButton } from '../../components/ImportButton';
import { WorkspaceStatusChip } from '../../components/WorkspaceStatusChip';
import { useIsMobile } from '../../hooks/useIsMobile';
import type { PageProps } from '../../routing/types';
import { WorkspaceStatusButton } from './WorkspaceStatusButton';
import { WorkspaceSummaryChip } from './WorkspaceSummaryChip';
import { WORKSPACE_PATHS } from './workspacePaths';

function EditLink() {
  const record = useRecordContext<WorkspaceRecord>();
  const translate = useTranslate();
  const { canAccess } = useCanAccess({ resource: 'workspaces', action: 'edit', record });
  if (!record || !canAccess) return null;
  return (
    <Button
      size="small"
      component={Link}
      to={WORKSPACE_PATHS.edit(record.id)}
      onClick={(e) => e.stopPropagation()}
      startIcon={<EditOutlinedIcon />}
    >
      {translate('ra.action.edit')}
    </Button>
  );
}

function Actions() {
  const translate = useTranslate();
  const { canAccess } = useCanAccess({ resource: 'workspaces', action: 'create' });
  return (
    <TopToolbar sx={{ alignItems: 'center', gap: 1 }}>
      <WorkspaceSummaryChip />
      <ImportButton resource="workspaces" to={WORKSPACE_PATHS.import} />
      {canAccess && (
        <Button
          component={Link}
          to={WORKSPACE_PATHS.create}
          variant="contained"
          size="small"
          startIcon={<AddIcon />}
        >
          {translate('workspaces.create')}
        </Button>
      )}
    </TopToolbar>
  );
}

function Empty() {
  const translate = useTranslate();
  return (
    <Box sx={{ textAlign: 'center', py: 6, px: 2, width: '100%' }}>
      <Typography component="h2" variant="h6" gutterBottom>
        {translate('workspaces.empty_title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate('workspaces.empty_body')}
      </Typography>
      <Actions />
    </Box>
  );
}

/** Spec §2 /admin/workspace: the workspaces in the caller's scope, with the tenant's active limit. */
export default function WorkspaceList({ title }: PageProps) {
  const translate = useTranslate();
  const isMobile = useIsMobile();
  const filters = [
    <SearchInput key="search" source="search_key" alwaysOn placeholder={translate('workspaces.search')} />,
    <SelectInput
      key="status"
      source="status"
      alwaysOn
      label="workspaces.fields.status"
      emptyText="workspaces.all_statuses"
      choices={[
        { id: 'active', name: 'workspaces.status.active' },
        { id: 'inactive', name: 'workspaces.status.inactive' },
      ]}
    />,
  ];
  return (
    <List
      title={title}
      filters={filters}
      actions={<Actions />}
      empty={<Empty />}
      sort={{ field: 'name', order: 'ASC' }}
      perPage={25}
      storeKey="admin.workspaces"
    >
      {isMobile ? (
        <SimpleList<WorkspaceRecord>
          primaryText={(r) => r.name}
          secondaryText={(r) => [r.identifier, r.location].filter(Boolean).join(' · ')}
          tertiaryText={(r) => translate(`workspaces.status.${r.status}`)}
          rowClick={(id) => WORKSPACE_PATHS.detail(id)}
        />
      ) : (
        <Datagrid rowClick={(id) => WORKSPACE_PATHS.detail(id)} bulkActionButtons={false}>
          <TextField source="name" label="workspaces.fields.name" />
          <TextField source="identifier" label="workspaces.fields.identifier" sx={{ whiteSpace: 'nowrap' }} />
          <TextField source="location" label="workspaces.fields.location" sortable={false} />
          <TextField source="city" label="workspaces.fields.city" />
          <TextField source="state" label="workspaces.fields.state" />
          <FunctionField<WorkspaceRecord>
            source="status"
            label="workspaces.fields.status"
            render={(r) => <WorkspaceStatusChip record={r} />}
          />
          <NumberField source="user_count" label="workspaces.fields.people" sortable={false} />
          <FunctionField<WorkspaceRecord>
            label="shell.row_actions"
            textAlign="right"
            render={() => (
              <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 0.5 }}>
                <EditLink />
                <WorkspaceStatusButton />
              </Box>
            )}
          />
        </Datagrid>
      )}
    </List>
  );
}
