import BadgeIcon from '@mui/icons-material/Badge';
import Box from '@mui/material/Box';
import {
  Datagrid,
  FunctionField,
  type Identifier,
  NumberField,
  SearchInput,
  SimpleList,
  TextField,
  useTranslate,
  WrapperField,
} from 'react-admin';
import type { Role } from '../../../contract/api/roles';
import { AdminList } from '../../components/AdminList';
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

/** Spec §2 /admin/role: the tenant's roles, how many people hold each, and what they open. */
export default function RoleList({ title }: PageProps) {
  const translate = useTranslate();
  return (
    <AdminList
      title={title}
      filters={filters}
      storeKey="admin-roles"
      prefix="roles"
      createPath={ROLE_PATHS.create}
      icon={BadgeIcon}
      mobile={
        <SimpleList<Role>
          primaryText={(r) => r.name}
          secondaryText={(r) => r.description}
          tertiaryText={(r) => translate('roles.holders', { smart_count: r.user_count })}
          rowClick={rowClick}
        />
      }
      desktop={
        <Datagrid rowClick={rowClick} bulkActionButtons={false}>
          <TextField source="name" label="roles.fields.name" />
          <TextField source="description" label="roles.fields.description" sortable={false} />
          <FunctionField<Role>
            label="roles.fields.modules"
            sortable={false}
            render={(r) => translate('roles.module_count', { smart_count: activeModules(r) })}
          />
          <NumberField source="user_count" label="roles.fields.user_count" />
          <WrapperField label="shell.row_actions" textAlign="right">
            <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
              <DuplicateRoleButton />
              <EditRoleButton />
              <RoleDeleteButton redirect={false} />
            </Box>
          </WrapperField>
        </Datagrid>
      }
    />
  );
}
