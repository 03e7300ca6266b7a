import type { Role } from '../../../contract/api/roles';
import { DuplicableCreate } from '../../components/DuplicableCreate';
import type { PageProps } from '../../routing/types';
import { RoleInputs, roleBody } from './RoleInputs';
import { ROLE_PATHS } from './rolePaths';

/** Spec §2 /admin/role/create/{id?}: with an id the form starts from a copy of that role. */
export default function RoleCreate({ title }: PageProps) {
  return (
    <DuplicableCreate<Role>
      title={title}
      resource="roles"
      prefix="roles"
      blank={{ name: '', description: '', permissions: [] }}
      copy={(original, name) => ({
        name,
        description: original.description,
        permissions: original.permissions,
      })}
      transform={roleBody}
      then={(role) => ROLE_PATHS.detail(role.id)}
    >
      <RoleInputs />
    </DuplicableCreate>
  );
}
