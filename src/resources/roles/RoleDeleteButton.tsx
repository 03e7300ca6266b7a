import { DeleteButton, useRecordContext } from 'react-admin';
import type { Role } from '../../../contract/api/roles';
import { ROLE_PATHS } from './rolePaths';

/**
 * Deletes after a confirmation (role.delete, which DeleteButton checks). The server refuses a role
 * people hold and says how many; that message is what the failure notification shows.
 */
export function RoleDeleteButton({ redirect }: { redirect?: string | false }) {
  const record = useRecordContext<Role>();
  if (!record) return null;
  return (
    <DeleteButton
      record={record}
      mutationMode="pessimistic"
      redirect={redirect ?? ROLE_PATHS.list}
      confirmTitle="roles.confirm.delete_title"
      confirmContent={record.user_count > 0 ? 'roles.confirm.delete_held' : 'roles.confirm.delete_body'}
      translateOptions={{ name: record.name, smart_count: record.user_count }}
      successMessage="roles.notify.deleted"
    />
  );
}
