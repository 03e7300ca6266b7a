import type { Role } from '../../../contract/api/roles';
import { NamedRecordCreate } from '../../components/NamedRecordForms';
import type { PageProps } from '../../routing/types';
import { roleForm } from './roleForm';
import { ROLE_PATHS } from './rolePaths';

const toDetail = (role: Role) => ROLE_PATHS.detail(role.id);

/** Spec §2 /admin/role/create/{id?}: with an id the form starts from a copy of that role. */
export default function RoleCreate({ title }: PageProps) {
  return <NamedRecordCreate<Role> title={title} form={roleForm} then={toDetail} />;
}
