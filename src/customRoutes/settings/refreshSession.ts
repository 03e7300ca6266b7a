import type { VerifyData } from '../../../contract/api/session';
import { apiFetch } from '../../providers/httpClient';
import { setSessionUser } from '../../providers/sessionStore';
import { toSessionUser } from '../../providers/sessionUser';
import { saveThemeSettings } from '../../providers/themeCache';
import { getToken } from '../../providers/tokenCookie';

/**
 * Reads the session again after a settings or theme save and replaces the session user in place:
 * the menu, labels (terms), modules and colours follow at once, without a reload and without the
 * loading screen a cleared session would show.
 */
export async function refreshSessionUser(): Promise<void> {
  const token = getToken();
  if (!token) return;
  const data = await apiFetch<VerifyData>('/api/user/verify');
  saveThemeSettings(data.theme);
  setSessionUser(toSessionUser(data, token));
}
