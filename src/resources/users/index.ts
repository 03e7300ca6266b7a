import GroupIcon from '@mui/icons-material/Group';
import { lazy } from 'react';
import type { UserRecord } from '../../../contract/api/users';

/** User screens, mounted by the route table at spec §2's paths. */
export const users = {
  list: lazy(() => import('./UserList')),
  create: lazy(() => import('./UserCreate')),
  edit: lazy(() => import('./UserEdit')),
  icon: GroupIcon,
  recordRepresentation: (record: UserRecord) => `${record.firstname} ${record.lastname}`,
};
