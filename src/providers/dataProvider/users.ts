import type { Identifier } from 'react-admin';
import type { UserRecord } from '../../../contract/api/users';
import { apiFetch } from '../httpClient';
import { statusSwitch } from './statusSwitch';

/** Spec §7 calls on users beyond react-admin's CRUD. */
export const userMethods = {
  setUserStatus: statusSwitch<UserRecord>('user'),

  /** POST /api/user/reset-password: mails a link and asks for a new password at the next sign-in. */
  sendUserPasswordReset: (id: Identifier) =>
    apiFetch<{ email: string }>('/api/user/reset-password', {
      method: 'POST',
      body: { id },
      fallback: 'errors.user_update',
    }),
};
