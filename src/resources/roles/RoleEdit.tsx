import { NamedRecordEdit } from '../../components/NamedRecordForms';
import type { PageProps } from '../../routing/types';
import { RoleDeleteButton } from './RoleButtons';
import { roleForm } from './roleForm';
import { ROLE_PATHS } from './rolePaths';

/** Spec §2 /admin/role/edit/{id}. */
export default function RoleEdit({ title }: PageProps) {
  return <NamedRecordEdit title={title} form={roleForm} paths={ROLE_PATHS} actions={<RoleDeleteButton />} />;
}
