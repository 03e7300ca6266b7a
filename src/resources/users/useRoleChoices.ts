import { useGetList, useTranslate } from 'react-admin';
import type { Role } from '../../../contract/api/roles';
import { ROLE_LIST_PAGE_SIZE } from '../../../contract/constants';

export interface RoleChoice {
  id: number;
  name: string;
  disabled: boolean;
}

/**
 * The roles a position can carry, as spec §9 asks for them (page 1, 1000 per page). Roles that
 * grant more than the caller's own are listed but disabled, since the server would refuse them.
 */
export function useRoleChoices(): { choices: RoleChoice[]; isPending: boolean } {
  const translate = useTranslate();
  const { data, isPending } = useGetList<Role>('roles', {
    pagination: { page: 1, perPage: ROLE_LIST_PAGE_SIZE },
    sort: { field: 'name', order: 'ASC' },
  });
  const choices = (data ?? []).map((role) => ({
    id: role.id,
    name: role.assignable ? role.name : `${role.name} — ${translate('users.positions.beyond_you')}`,
    disabled: !role.assignable,
  }));
  return { choices, isPending };
}
