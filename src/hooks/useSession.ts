import { useSyncExternalStore } from 'react';
import { getSessionUser, isForcedReset, subscribeSession } from '../providers/sessionStore';
import type { SessionUser } from '../providers/sessionUser';

/** The verified session user, re-rendering when it is verified, switched or cleared. */
export function useSessionUser(): SessionUser | undefined {
  return useSyncExternalStore(subscribeSession, getSessionUser, getSessionUser);
}

export function useForcedReset(): boolean {
  return useSyncExternalStore(subscribeSession, isForcedReset, isForcedReset);
}
