import type { Profile } from '../../contract/api/profile';
import type { VerifyData } from '../../contract/api/session';
import { getSessionUser, sessionGeneration, setSessionUser } from '../session/sessionStore';
import { type SessionUser, toSessionUser } from '../session/sessionUser';
import { browserTimeZone, timezoneInfo } from '../session/timezone';
import { getToken } from '../session/tokenCookie';
import { ApiError, apiFetch } from './httpClient';
import { getPositionId, setPositionId } from './positionStore';
import { saveThemeSettings } from './themeCache';

let pending: Promise<SessionUser> | undefined;

async function fetchVerify(): Promise<VerifyData> {
  try {
    return await apiFetch<VerifyData>('/api/user/verify');
  } catch (error) {
    // A position remembered from another account (or one since removed) is refused with 403:
    // forget it and let the server pick the user's first position.
    if (error instanceof ApiError && error.status === 403 && getPositionId() !== undefined) {
      setPositionId(undefined);
      return apiFetch<VerifyData>('/api/user/verify');
    }
    throw error;
  }
}

/**
 * Verifies the session once per page load (spec §4 "verified after a successful verify call"):
 * checkAuth, getIdentity and canAccess all come here, and concurrent callers share the one
 * request. clearSession() (a position switch, a password change) makes the next call verify again.
 */
export function verifySession(): Promise<SessionUser> {
  const known = getSessionUser();
  if (known) return Promise.resolve(known);
  if (pending) return pending;
  const token = getToken();
  if (!token) return Promise.reject(new ApiError(401, 'Please sign in to continue.'));
  const startedIn = sessionGeneration();
  const attempt = fetchVerify().then((data) => {
    const user = toSessionUser(data, token);
    saveThemeSettings(data.theme);
    if (sessionGeneration() === startedIn) setSessionUser(user);
    return user;
  });
  pending = attempt;
  const settle = () => {
    if (pending === attempt) pending = undefined;
  };
  attempt.then(settle, settle);
  return attempt;
}

/**
 * Reads the session again after a settings or theme save and replaces the session user in place:
 * the menu, labels (terms), modules and colours follow at once, without a reload and without the
 * loading screen a cleared session would show.
 */
export async function reloadSession(): Promise<void> {
  const token = getToken();
  if (!token) return;
  const data = await fetchVerify();
  saveThemeSettings(data.theme);
  setSessionUser(toSessionUser(data, token));
}

/**
 * Carries a saved profile into the session, so the app bar shows the new name and picture and the
 * time zone follows the profile (else the browser, spec §9) without verifying again.
 */
export function applyProfileToSession(profile: Profile): void {
  const user = getSessionUser();
  if (!user) return;
  const zone = profile.profile_data.find((p) => p.short_name === 'timezone')?.value.trim();
  setSessionUser({
    ...user,
    preferred_name: profile.preferred_name,
    language: profile.language ?? null,
    avatar: profile.avatar_url,
    profileData: profile.profile_data,
    timezone: timezoneInfo(zone || browserTimeZone()),
  });
}
