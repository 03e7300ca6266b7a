import type { Identifier } from 'react-admin';
import type { UserRecord } from '../../../contract/api/users';
import { apiFetch } from '../httpClient';

/** Spec §7 calls on users beyond react-admin's CRUD. */
export const userMethods = {
  /** PUT /api/user/enable or /disable with the id in the body; a 200 with an error flag fails too (spec §8). */
  setUserStatus: (id: Identifier, action: 'enable' | 'disable') =>
    apiFetch<UserRecord>(`/api/user/${action}`, {
      method: 'PUT',
      body: { id },
      fallback: `errors.user_${action}`,
      failOnErrorFlag: true,
    }),

  /** POST /api/user/reset-password: mails a link and asks for a new password at the next sign-in. */
  sendUserPasswordReset: (id: Identifier) =>
    apiFetch<{ email: string }>('/api/user/reset-password', {
      method: 'POST',
      body: { id },
      fallback: 'errors.user_update',
    }),
};
