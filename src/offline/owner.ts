import type { SessionUser } from '../session/sessionUser';

/** Whose queued work and caches these are: a person of a tenant. */
export const ownerOf = (user: Pick<SessionUser, 'tenantId' | 'id'>) => `${user.tenantId}:${user.id}`;
