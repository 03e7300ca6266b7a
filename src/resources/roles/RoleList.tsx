import BadgeIcon from '@mui/icons-material/Badge';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import {
  CreateButton,
  Datagrid,
  FunctionField,
  type Identifier,
  List,
  NumberField,
  SearchInput,
  SimpleList,
  TextField,
  TopToolbar,
  useTranslate,
} from 'react-admin';
import type { Role } from '../../../contract/api/roles';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { useIsMobile } from '../../hooks/useIsMobile';
import type { PageProps } from '../../routing/types';
import { DuplicateRoleButton, EditRoleButton } from './RoleButtons';
import { RoleDeleteButton } from './RoleDeleteButton';
import { ROLE_PATHS } from './rolePaths';

function RoleSearch(props: { source: string; alwaysOn?: boolean }) {
  const translate = useTranslate();
  return <SearchInput {...props} placeholder={translate('roles.search')} />;
}

const filters = [<RoleSearch key="q" source="q" alwaysOn />];
const rowClick = (id: Identifier) => ROLE_PATHS.detail(id);
const activeModules = (r: Role) =>
  r.permissions.filter((p) => p.status === 'active' && p.capabilities.length).length;

function Actions() {
  return (
    <TopToolbar>
      <CreateButton to={ROLE_PATHS.create} label="roles.actions.create" />
    </TopToolbar>
  );
}

function Empty() {
  const translate = useTranslate();
  return (
    <Box sx={{ textAlign: 'center', py: 8, px: 2, mx: 'auto', maxWidth: 480 }} data-testid="roles-empty">
      <BadgeIcon sx={{ fontSize: 64, color: 'text.disabled' }} />
      <Typography variant="h6" sx={{ mt: 1 }}>
        {translate('roles.empty_title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate('roles.empty_body')}
      </Typography>
      <CreateButton to={ROLE_PATHS.create} label="roles.actions.create" variant="contained" />
    </Box>
  );
}

/** Spec §2 /admin/role: the tenant's roles, how many people hold each, and what they open. */
export default function RoleList({ title }: PageProps) {
  useDocumentTitle(title);
  const translate = useTranslate();
  const isMobile = useIsMobile();
  return (
    <List
      title={title}
      sort={{ field: 'name', order: 'ASC' }}
      filters={filters}
      actions={<Actions />}
      empty={<Empty />}
      storeKey="admin-roles"
    >
      {isMobile ? (
        <SimpleList<Role>
          primaryText={(r) => r.name}
          secondaryText={(r) => r.description}
          tertiaryText={(r) => translate('roles.holders', { smart_count: r.user_count })}
          rowClick={rowClick}
        />
      ) : (
        <Datagrid rowClick={rowClick} bulkActionButtons={false}>
          <TextField source="name" label="roles.fields.name" />
          <TextField source="description" label="roles.fields.description" sortable={false} />
          <FunctionField<Role>
            label="roles.fields.modules"
            sortable={false}
            render={(r) => translate('roles.module_count', { smart_count: activeModules(r) })}
          />
          <NumberField source="user_count" label="roles.fields.user_count" />
          <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
            <DuplicateRoleButton />
            <EditRoleButton />
            <RoleDeleteButton redirect={false} />
          </Box>
        </Datagrid>
      )}
    </List>
  );
}
