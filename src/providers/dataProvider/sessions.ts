import type { Identifier } from 'react-admin';
import type { OwnSessionList, PersonSessionList, SessionsEnded } from '../../../contract/api/session';
import { apiFetch } from '../httpClient';

/** Issue 47: where one is signed in (the profile page), and a person's sessions (their page). */
export const sessionMethods = {
  listOwnSessions: () => apiFetch<OwnSessionList>('/api/session/list', { fallback: 'errors.generic' }),

  /** One session by id (this one signs the person out), or `others`: every one but this. */
  revokeSessions: (which: { id: number } | { others: true }) =>
    apiFetch<SessionsEnded>(`/api/session/revoke?${'id' in which ? `id=${which.id}` : 'others=true'}`, {
      method: 'DELETE',
      fallback: 'errors.generic',
    }),

  listUserSessions: (id: Identifier) =>
    apiFetch<PersonSessionList>(`/api/admin/user/sessions?id=${encodeURIComponent(id)}`, {
      fallback: 'errors.generic',
    }),

  endUserSessions: (id: Identifier) =>
    apiFetch<SessionsEnded>(`/api/admin/user/sessions?id=${encodeURIComponent(id)}`, {
      method: 'DELETE',
      fallback: 'errors.generic',
    }),
};
