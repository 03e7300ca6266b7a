import { useSyncExternalStore } from 'react';
import { getSessionUser, isForcedReset, subscribeSession } from '../session/sessionStore';
import type { SessionUser } from '../session/sessionUser';

/** The verified session user, re-rendering when it is verified, switched or cleared. */
export function useSessionUser(): SessionUser | undefined {
  return useSyncExternalStore(subscribeSession, getSessionUser, getSessionUser);
}

export function useForcedReset(): boolean {
  return useSyncExternalStore(subscribeSession, isForcedReset, isForcedReset);
}
