import type { Role } from '../../../contract/api/roles';
import { RecordDeleteButton } from '../../components/RecordButtons';
import { ROLE_PATHS } from './rolePaths';

/**
 * Deletes after a confirmation (role.delete, which DeleteButton checks). The server refuses a role
 * people hold and says how many; that message is what the failure notification shows.
 */
export function RoleDeleteButton({ redirect }: { redirect?: string | false }) {
  return (
    <RecordDeleteButton<Role>
      redirect={redirect ?? ROLE_PATHS.list}
      confirmContent={(role) =>
        role.user_count > 0 ? 'roles.confirm.delete_held' : 'roles.confirm.delete_body'
      }
      confirmArgs={(role) => ({ smart_count: role.user_count })}
    />
  );
}
