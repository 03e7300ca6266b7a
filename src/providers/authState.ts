import { clearSession, setForcedReset } from '../session/sessionStore';
import { deleteToken } from '../session/tokenCookie';
import { urgentLater } from './urgentLater';

// Where a signed-out visitor is sent. Several parts of the page may notice the missing token in
// the same moment (the failed call's handler and every guard that re-renders); remembering the
// reason makes them all agree on /login?error=… instead of racing to a bare /login.
let signInPath = '/login';

// What else leaves the device at sign-out, set by the app (src/connectOffline.ts): the offline
// part sits above the providers.
let forgetOnDevice: (() => Promise<void>) | undefined;

export function onSignOutForget(forget: () => Promise<void>): void {
  forgetOnDevice = forget;
}

/** Spec §8 "clear auth state": the token cookie, the verified session and the forced-reset flag. */
export function clearAuthState(nextSignInPath = '/login'): void {
  signInPath = nextSignInPath;
  deleteToken();
  setForcedReset(false);
  clearSession();
  urgentLater.forget();
  // Nothing of this person stays readable on the device (issue 30).
  forgetOnDevice?.().catch((error: unknown) => console.warn('Clearing the offline copies failed', error));
}

/** The sign-in page to send a visitor without a token to, with the reason their session ended. */
export function signInPathNow(): string {
  return signInPath;
}

/** After a successful sign-in the old reason no longer applies. */
export function resetSignInPath(): void {
  signInPath = '/login';
}
