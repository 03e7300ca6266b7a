import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { useInput, useTranslate } from 'react-admin';
import type { RolePermission } from '../../../contract/api/roles';
import { PermissionMatrix } from './PermissionMatrix';

/** The permission matrix as the `permissions` field of a role form. */
export function PermissionMatrixInput({ disabled }: { disabled?: boolean }) {
  const translate = useTranslate();
  const { field, fieldState } = useInput<RolePermission[]>({ source: 'permissions', defaultValue: [] });
  return (
    <>
      <Typography component="h2" variant="subtitle1" sx={{ mt: 2 }}>
        {translate('roles.fields.permissions')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('roles.matrix.help')}
      </Typography>
      <PermissionMatrix value={field.value ?? []} onChange={field.onChange} disabled={disabled} />
      {fieldState.error?.message && (
        <FormHelperText error>
          {translate(fieldState.error.message, { _: fieldState.error.message })}
        </FormHelperText>
      )}
    </>
  );
}
