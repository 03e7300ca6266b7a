import type { ThemeSetting } from '../../contract/api/session';

/**
 * The last tenant theme this browser saw. Sign-in and password pages have no session to read the
 * theme from, so they reuse it: people see their organisation's colours before signing in.
 */
const KEY = 'storeline.theme';

export function saveThemeSettings(settings: readonly ThemeSetting[]): void {
  try {
    window.localStorage.setItem(KEY, JSON.stringify(settings));
  } catch {
    // A full or disabled storage only costs the colours on the next sign-in page.
  }
}

export function loadThemeSettings(): ThemeSetting[] | undefined {
  try {
    const raw = window.localStorage.getItem(KEY);
    if (!raw) return undefined;
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return undefined;
    return parsed.filter(
      (s): s is ThemeSetting =>
        typeof s === 'object' && s !== null && typeof s.id === 'number' && typeof s.value === 'string',
    );
  } catch {
    return undefined;
  }
}
