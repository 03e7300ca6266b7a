import type { Role } from '../../../contract/api/roles';
import type { NamedRecordForm } from '../../components/NamedRecordForms';
import { PermissionMatrixInput } from './PermissionMatrixInput';

/** A role's permission matrix on its create and edit screens (none when the form holds none). */
export const roleForm: NamedRecordForm<Role> = {
  inputs: <PermissionMatrixInput />,
  body: ({ permissions }) => ({ permissions: permissions ?? [] }),
  blank: { permissions: [] },
  copy: (original) => ({ permissions: original.permissions }),
};
