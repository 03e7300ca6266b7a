import { NameDescriptionInputs } from '../../components/NameDescriptionInputs';
import { PermissionMatrixInput } from './PermissionMatrixInput';

/** The fields the create and edit screens share. */
export function RoleInputs() {
  return (
    <>
      <NameDescriptionInputs />
      <PermissionMatrixInput />
    </>
  );
}

/** What the API takes: the record also carries counts and dates it ignores. */
export const roleBody = (data: Record<string, unknown>) => ({
  name: data.name,
  description: data.description ?? '',
  permissions: data.permissions ?? [],
});
