import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import { lazy } from 'react';
import type { ProfileField } from '../../../contract/api/profile';
import { recordRoutes } from '../../routing/recordRoutes';
import type { AppResource } from '../../routing/types';

/** The tenant's profile fields, edited in place on one screen (spec §2 /admin/profile-management). */
export const profileFields: AppResource<ProfileField> = {
  name: 'profile-fields',
  icon: ManageAccountsIcon,
  recordRepresentation: (record) => record.name,
  module: 'profilemanagement',
  endpoints: { base: '/api/profile-field' },
  adminLink: true,
  routes: recordRoutes('profilemanagement', '/admin/profile-management', {
    list: { title: 'pages.profile_management', page: lazy(() => import('./ProfileManagementPage')) },
  }),
};
