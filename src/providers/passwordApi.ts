import type { RedirectData } from '../../contract/api/common';
import type { LoginUser, ThemeSetting } from '../../contract/api/session';
import { ApiError, apiFetch } from './httpClient';
import { clearSession, setForcedReset } from './sessionStore';
import { saveThemeSettings } from './themeCache';
import { deleteToken } from './tokenCookie';

/** Spec §8 texts for the password flows. */
export const FORGOT_FAILED = 'Failed to send password reset email';
export const PASSWORD_UPDATE_FAILED = 'Password update failed';

/** Asks for a reset link. The server answers the same whether or not the account exists. */
export async function requestPasswordReset(username: string): Promise<string> {
  try {
    const data = await apiFetch<RedirectData>('/api/passwordforgot', {
      method: 'POST',
      body: { username: username.trim() },
    });
    return data.redirect || '/password/forgotEmailSent';
  } catch (error) {
    // Spec §8 fixes the text; the server's reason is kept for the console only.
    console.warn('Password reset request failed', error);
    throw new ApiError(error instanceof ApiError ? error.status : 0, FORGOT_FAILED);
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
export async function resetPassword(token: string, password: string): Promise<string> {
  const data = await apiFetch<PasswordResetData>('/api/passwordreset', {
    method: 'POST',
    body: { token, password },
    fallback: PASSWORD_UPDATE_FAILED,
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
export async function changeForcedPassword(password: string): Promise<void> {
  await apiFetch<{ password_changed: boolean }>('/api/profile/update', {
    method: 'PUT',
    body: { password },
    fallback: PASSWORD_UPDATE_FAILED,
  });
  setForcedReset(false);
  clearSession();
}
