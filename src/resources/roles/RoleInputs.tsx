import { maxLength, required, TextInput } from 'react-admin';
import { PermissionMatrixInput } from './PermissionMatrixInput';

/** The fields the create and edit screens share. */
export function RoleInputs() {
  return (
    <>
      <TextInput
        source="name"
        label="roles.fields.name"
        validate={[required(), maxLength(100)]}
        sx={{ maxWidth: 480 }}
      />
      <TextInput
        source="description"
        label="roles.fields.description"
        validate={maxLength(500)}
        multiline
        minRows={2}
        sx={{ maxWidth: 720 }}
      />
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
