import { clearSession, setForcedReset } from './sessionStore';
import { deleteToken } from './tokenCookie';

/** Spec §8 "clear auth state": the token cookie, the verified session and the forced-reset flag. */
export function clearAuthState(): void {
  deleteToken();
  setForcedReset(false);
  clearSession();
}
