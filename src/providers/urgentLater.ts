const LATER_KEY = 'storeline.urgent-later';

/**
 * "Later" holds for the rest of the sign-in session (spec §4's open flag): kept in the tab's
 * session storage under the person and position, and forgotten when the session ends.
 */
export const urgentLater = {
  said: (key: string) => readLater() === key,
  say: (key: string) => writeLater(key),
  forget: () => writeLater(undefined),
};

function readLater(): string | null {
  try {
    return window.sessionStorage.getItem(LATER_KEY);
  } catch {
    return null;
  }
}

function writeLater(key: string | undefined): void {
  try {
    if (key === undefined) window.sessionStorage.removeItem(LATER_KEY);
    else window.sessionStorage.setItem(LATER_KEY, key);
  } catch {
    // Storage refused (private mode): "Later" then lasts until the page is reloaded.
  }
}
