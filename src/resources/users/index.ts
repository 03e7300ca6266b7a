import GroupIcon from '@mui/icons-material/Group';
import { lazy } from 'react';
import type { UserRecord } from '../../../contract/api/users';
import { fullName } from '../../../contract/personName';
import { recordRoutes } from '../../routing/recordRoutes';
import type { AppResource } from '../../routing/types';
import { USER_PATHS } from './userPaths';

/** The people in the caller's part of the organisation (spec §2 /admin/user…). */
export const users: AppResource<UserRecord> = {
  name: 'users',
  icon: GroupIcon,
  recordRepresentation: fullName,
  module: 'user',
  endpoints: {
    base: '/api/user',
    deleteStyle: 'query-id',
    // Spec §7: `key` names the field to search, `value` is the text.
    listQuery: ({ key, value }) =>
      typeof value === 'string' && value.trim()
        ? { key: typeof key === 'string' && key ? key : 'name', value: value.trim() }
        : {},
    messages: { create: 'errors.user_create', update: 'errors.user_update', delete: 'errors.user_delete' },
  },
  adminLink: true,
  routes: [
    ...recordRoutes('user', USER_PATHS.list, {
      list: { title: 'pages.users', page: lazy(() => import('./UserList')) },
      create: { title: 'pages.user_create', page: lazy(() => import('./UserCreate')) },
      edit: { title: 'pages.user_edit', page: lazy(() => import('./UserEdit')) },
    }),
  ],
};
