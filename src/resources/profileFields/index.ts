import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import { lazy } from 'react';
import type { ProfileField } from '../../../contract/api/profile';
import { needs } from '../../providers/accessControl';
import type { AppResource } from '../../routing/types';

/** The tenant's profile fields, edited in place on one screen (spec §2 /admin/profile-management). */
export const profileFields: AppResource<ProfileField> = {
  name: 'profile-fields',
  icon: ManageAccountsIcon,
  recordRepresentation: (record) => record.name,
  module: 'profilemanagement',
  endpoints: { base: '/api/profile-field' },
  adminLink: true,
  routes: [
    {
      path: '/admin/profile-management',
      access: needs('profilemanagement', 'read', 'update'),
      title: 'pages.profile_management',
      page: lazy(() => import('./ProfileManagementPage')),
    },
  ],
};
