import BadgeIcon from '@mui/icons-material/Badge';
import { FunctionField, type Identifier, NumberField, TextField, useTranslate } from 'react-admin';
import type { Role } from '../../../contract/api/roles';
import { RecordList, rowActions, searchOnly } from '../../components/AdminList';
import { RecordActions } from '../../components/RecordButtons';
import type { PageProps } from '../../routing/types';
import { RoleDeleteButton } from './RoleButtons';

import { ROLE_PATHS } from './rolePaths';

const filters = searchOnly('roles');
const rowClick = (id: Identifier) => ROLE_PATHS.detail(id);
const activeModules = (r: Role) =>
  r.permissions.filter((p) => p.status === 'active' && p.capabilities.length).length;

/** Spec §2 /admin/role: the tenant's roles, how many people hold each, and what they open. */
export default function RoleList({ title }: PageProps) {
  const translate = useTranslate();
  return (
    <RecordList<Role>
      title={title}
      filters={filters}
      storeKey="admin-roles"
      createPath={ROLE_PATHS.create}
      icon={BadgeIcon}
      rowClick={rowClick}
      lines={{
        secondaryText: (r) => r.description,
        tertiaryText: (r) => translate('roles.holders', { smart_count: r.user_count }),
      }}
    >
      <TextField source="name" label="roles.fields.name" />
      <TextField source="description" label="roles.fields.description" sortable={false} />
      <FunctionField<Role>
        label="roles.fields.modules"
        sortable={false}
        render={(r) => translate('roles.module_count', { smart_count: activeModules(r) })}
      />
      <NumberField source="user_count" label="roles.fields.user_count" />
      {rowActions(
        <RecordActions paths={ROLE_PATHS}>
          <RoleDeleteButton redirect={false} />
        </RecordActions>,
      )}
    </RecordList>
  );
}
