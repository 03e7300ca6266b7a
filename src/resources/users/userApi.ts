import type { Identifier } from 'react-admin';
import type { UserRecord } from '../../../contract/api/users';
import { apiFetch } from '../../providers/httpClient';

export type StatusAction = 'enable' | 'disable';

/** Spec §8 fallbacks; spec §8 also counts an `error` flag in a 200 answer as a failure. */
export const STATUS_FALLBACK: Record<StatusAction, string> = {
  enable: 'Error enabling user',
  disable: 'Error disabling user',
};

/** Spec §7: PUT /api/user/enable and /api/user/disable with the id in the body. */
export function setUserStatus(id: Identifier, action: StatusAction): Promise<UserRecord> {
  return apiFetch<UserRecord>(`/api/user/${action}`, {
    method: 'PUT',
    body: { id },
    fallback: STATUS_FALLBACK[action],
    failOnErrorFlag: true,
  });
}

/** Spec §7: POST /api/user/reset-password — mails a link and asks for a new password at next sign-in. */
export function sendPasswordReset(id: Identifier): Promise<{ email: string }> {
  return apiFetch<{ email: string }>('/api/user/reset-password', {
    method: 'POST',
    body: { id },
    fallback: 'Error updating user',
  });
}
