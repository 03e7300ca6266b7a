import GroupIcon from '@mui/icons-material/Group';
import { lazy } from 'react';
import type { UserRecord } from '../../../contract/api/users';
import { importRoute } from '../../customRoutes/imports';
import { needs } from '../../providers/accessControl';
import type { AppResource } from '../../routing/types';
import { USER_PATHS } from './userPaths';

/** The people in the caller's part of the organisation (spec §2 /admin/user…). */
export const users: AppResource<UserRecord> = {
  name: 'users',
  icon: GroupIcon,
  recordRepresentation: (record) => `${record.firstname} ${record.lastname}`,
  routes: [
    {
      path: USER_PATHS.list,
      access: needs('user', 'read', 'update'),
      title: 'pages.users',
      page: lazy(() => import('./UserList')),
    },
    {
      path: USER_PATHS.create,
      access: needs('user', 'create'),
      title: 'pages.user_create',
      page: lazy(() => import('./UserCreate')),
    },
    {
      path: '/admin/user/edit/:id',
      access: needs('user', 'update'),
      title: 'pages.user_edit',
      page: lazy(() => import('./UserEdit')),
    },
    importRoute('user'),
  ],
};
