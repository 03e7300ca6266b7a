import BadgeIcon from '@mui/icons-material/Badge';
import { lazy } from 'react';
import type { Role } from '../../../contract/api/roles';

/** Role screens, mounted by the route table at spec §2's paths. */
export const roles = {
  list: lazy(() => import('./RoleList')),
  show: lazy(() => import('./RoleShow')),
  create: lazy(() => import('./RoleCreate')),
  edit: lazy(() => import('./RoleEdit')),
  icon: BadgeIcon,
  recordRepresentation: (record: Role) => record.name,
};
