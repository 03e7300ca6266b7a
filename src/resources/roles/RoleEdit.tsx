import type { Role } from '../../../contract/api/roles';
import { RecordEdit } from '../../components/RecordScreens';
import type { PageProps } from '../../routing/types';

import { RoleDeleteButton } from './RoleButtons';
import { RoleInputs, roleBody } from './RoleInputs';
import { ROLE_PATHS } from './rolePaths';

/** Spec §2 /admin/role/edit/{id}. */
export default function RoleEdit({ title }: PageProps) {
  return (
    <RecordEdit<Role>
      title={title}
      listPath={ROLE_PATHS.list}
      actions={<RoleDeleteButton />}
      transform={roleBody}
      name={(role) => role.name}
      then={(role) => ROLE_PATHS.detail(role.id)}
    >
      <RoleInputs />
    </RecordEdit>
  );
}
