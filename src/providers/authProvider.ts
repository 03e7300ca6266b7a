import type { AuthProvider, UserIdentity } from 'react-admin';
import type { RedirectData } from '../../contract/api/common';
import type { LoginData, LoginUser, ThemeSetting } from '../../contract/api/session';
import { NO_ACTIVE_WORKSPACE_CODE } from '../../contract/constants';
import { displayName } from '../../contract/personName';
import { translate } from '../i18n/translate';
import { rememberLanguage } from '../session/languageMemory';
import { clearSession, setForcedReset } from '../session/sessionStore';
import { browserTimeZone } from '../session/timezone';
import { deleteToken, hasToken, setToken } from '../session/tokenCookie';
import { clearAuthState, resetSignInPath, signInPathNow } from './authState';
import { ApiError, apiFetch, request, statusOf } from './httpClient';
import { setPositionId } from './positionStore';
import { canAccess, type NamedResource } from './resourceAccess';
import { verifySession } from './session';
import { saveThemeSettings } from './themeCache';
import { urgentLater } from './urgentLater';

interface LoginParams {
  username: string;
  password: string;
}

/** Rejection shape react-admin understands: where to go, and no toast of its own. */
interface AuthRedirect {
  redirectTo: string;
  message: false;
}

const NO_ACTIVE_WORKSPACE = '/login?error=no_active_workspace';
const SSO_USER_NOT_FOUND = '/login?error=sso_user_not_found';

/** The `code` of a failed call's body (ErrorBody.code), if any. */
function codeOf(error: unknown): string | undefined {
  const body = typeof error === 'object' && error !== null ? (error as { body?: unknown }).body : undefined;
  const code = typeof body === 'object' && body !== null ? (body as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : undefined;
}

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { message?: unknown }).message === 'string'
  ) {
    return (error as { message: string }).message;
  }
  return '';
}

/**
 * Signs in. 200 starts a normal session; 307 (spec §7) starts one that may only set a new
 * password, so the token is kept and the forced-reset flag raised before going to /password/change.
 */
async function login({ username, password }: LoginParams): Promise<{ redirectTo: string }> {
  const { status, data } = await request<LoginData>('/api/login', {
    method: 'POST',
    body: { username: username.trim(), password, timezone: browserTimeZone() },
    okStatuses: [200, 307],
    fallback: 'errors.login',
  });
  setToken(data.token);
  // The loading screen after sign-in speaks the person's language before verify says it.
  rememberLanguage(data.language ?? null);
  resetSignInPath();
  // A position remembered from the previous account would be refused for this one.
  setPositionId(undefined);
  clearSession();
  // A new sign-in session: the urgent modal may remind again.
  urgentLater.forget();
  const forced = status === 307 || data.user.force_reset;
  setForcedReset(forced);
  return { redirectTo: forced ? '/password/change' : data.redirect || '/' };
}

/**
 * Spec §8, decided here and nowhere else: a failed call that ends the session, and where the
 * browser goes. 401 → /login, or /login?error=no_active_workspace when the server says the user
 * has no active workspace; 406 (an SSO identity without a Storeline user) → its own error.
 * Anything else is the screen's to show.
 */
function signInPathFor(error: unknown): string | undefined {
  const status = statusOf(error);
  // The code, as the message is in the person's language; the English text from an older server.
  if (status === 401)
    return codeOf(error) === NO_ACTIVE_WORKSPACE_CODE || /active workspace/i.test(messageOf(error))
      ? NO_ACTIVE_WORKSPACE
      : '/login';
  if (status === 406) return SSO_USER_NOT_FOUND;
  return undefined;
}

/** Clears the token, session and forced-reset flag, and tells react-admin where to go. */
function endSession(redirectTo: string): never {
  clearAuthState(redirectTo);
  throw { redirectTo, message: false } satisfies AuthRedirect;
}

/**
 * Ends the session on the server, then clears the cookie under every domain variant. A failure is
 * logged and answers false (spec §8); the local sign-in is dropped all the same, because a person
 * who asked to sign out must not stay signed in on this browser because of a network error.
 */
async function logout(): Promise<string | false> {
  // Already signed out (react-admin logs out after checkAuth or checkError said so): keep the
  // reason the session ended, so /login can say it.
  if (!hasToken()) {
    clearAuthState(signInPathNow());
    return signInPathNow();
  }
  try {
    const data = await apiFetch<RedirectData>('/api/logout', { method: 'POST' });
    clearAuthState();
    return data.redirect || '/login';
  } catch (error) {
    clearAuthState();
    // 401: the session had already ended, which is what logging out wanted.
    if (error instanceof ApiError && error.status === 401) return '/login';
    console.error('Logout failed', error);
    return false;
  }
}

/** react-admin asks before showing the app: verify once per load (spec §4). */
async function checkAuth(): Promise<void> {
  if (!hasToken()) throw { redirectTo: signInPathNow(), message: false } satisfies AuthRedirect;
  try {
    await verifySession();
  } catch (error) {
    // Spec §8: any other verify failure also clears the token and goes to /login.
    endSession(signInPathFor(error) ?? '/login');
  }
}

/**
 * react-admin hands every failed dataProvider call here. When several fail at once, the first
 * ends the session and the rest keep the reason it ended with.
 */
async function checkError(error: unknown): Promise<void> {
  const redirectTo = signInPathFor(error);
  if (redirectTo) endSession(hasToken() ? redirectTo : signInPathNow());
}

async function getIdentity(): Promise<UserIdentity> {
  const user = await verifySession();
  return { id: user.id, fullName: displayName(user), avatar: user.avatar ?? undefined };
}

/** Asks for a reset link. The server answers the same whether or not the account exists. */
async function requestPasswordReset(username: string): Promise<string> {
  try {
    const data = await apiFetch<RedirectData>('/api/passwordforgot', {
      method: 'POST',
      body: { username: username.trim() },
    });
    return data.redirect || '/password/forgotEmailSent';
  } catch (error) {
    // Spec §8 fixes the text; the server's reason is kept for the console only.
    console.warn('Password reset request failed', error);
    throw new ApiError(error instanceof ApiError ? error.status : 0, translate('errors.password_forgot'));
  }
}

interface PasswordResetData {
  user: LoginUser;
  theme: ThemeSetting[];
  redirect: string;
}

/**
 * Sets a new password from an e-mailed link. The server ends every session of that user, so any
 * token this browser holds is dropped; the tenant's theme is remembered for the sign-in page.
 */
async function resetPassword({ token, password }: { token: string; password: string }): Promise<string> {
  const data = await apiFetch<PasswordResetData>('/api/passwordreset', {
    method: 'POST',
    body: { token, password },
    fallback: 'errors.password_update',
  });
  deleteToken();
  clearSession();
  setForcedReset(false);
  if (Array.isArray(data.theme)) saveThemeSettings(data.theme);
  return data.redirect || '/login';
}

/**
 * Replaces a forced-reset password (spec §7: PUT /api/profile/update with the password). The
 * session stays valid, so afterwards the user verifies again and enters the app.
 */
async function changeForcedPassword(password: string): Promise<void> {
  await apiFetch<{ password_changed: boolean }>('/api/profile/update', {
    method: 'PUT',
    body: { password },
    fallback: 'errors.password_update',
  });
  setForcedReset(false);
  clearSession();
}

/**
 * The password flows of the sign-in pages. Those pages live outside <Admin>, so they call these
 * methods on the authProvider directly, as ra-supabase's pages do with theirs.
 */
const passwordMethods = { requestPasswordReset, resetPassword, changeForcedPassword };

export const authProvider: AuthProvider & typeof passwordMethods = {
  login,
  logout,
  checkAuth,
  checkError,
  getIdentity,
  ...passwordMethods,
};

/**
 * The authProvider of AdminApp: with react-admin's canAccess for the registered resources (handed
 * in by src/screenRegistry.ts; the sign-in pages need none).
 */
export const withResourceAccess = (resources: readonly NamedResource[]): typeof authProvider => ({
  ...authProvider,
  async canAccess(params) {
    if (!hasToken()) return false;
    try {
      return canAccess(resources, await verifySession(), params);
    } catch {
      return false;
    }
  },
});
