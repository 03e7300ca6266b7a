import { Edit, ListButton, SimpleForm, TopToolbar, useNotify, useRedirect } from 'react-admin';
import type { Role } from '../../../contract/api/roles';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { useRecordRoute } from '../../hooks/useRecordRoute';
import type { PageProps } from '../../routing/types';
import { RoleDeleteButton } from './RoleDeleteButton';
import { RoleInputs, roleBody } from './RoleInputs';
import { ROLE_PATHS } from './rolePaths';

function Actions() {
  return (
    <TopToolbar>
      <ListButton to={ROLE_PATHS.list} label="roles.actions.back" />
      <RoleDeleteButton />
    </TopToolbar>
  );
}

/** Spec §2 /admin/role/edit/{id}. */
export default function RoleEdit({ title }: PageProps) {
  useDocumentTitle(title);
  const { id, queryOptions } = useRecordRoute(ROLE_PATHS.list);
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Edit<Role>
      id={id}
      title={title}
      actions={<Actions />}
      mutationMode="pessimistic"
      transform={roleBody}
      queryOptions={queryOptions}
      mutationOptions={{
        onSuccess: (role) => {
          notify('roles.notify.updated', { type: 'success', messageArgs: { name: role.name } });
          redirect(() => ROLE_PATHS.detail(role.id));
        },
      }}
    >
      <SimpleForm>
        <RoleInputs />
      </SimpleForm>
    </Edit>
  );
}
