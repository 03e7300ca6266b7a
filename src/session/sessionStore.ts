import { rememberLanguage } from './languageMemory';
import type { SessionUser } from './sessionUser';

/**
 * The verified session user of spec §4: unverified until verify succeeds, cleared on 401 or a
 * failed verify. A tiny external store rather than React state, because the http client and the
 * auth provider (plain modules) read and clear it too.
 */
let user: SessionUser | undefined;
// Bumped on every clear, so a verify that was in flight when the session ended is not stored.
let generation = 0;
const listeners = new Set<() => void>();

const FORCED_RESET_KEY = 'storeline.forceReset';
let forcedReset: boolean | undefined;

function emit() {
  for (const listener of listeners) listener();
}

export function getSessionUser(): SessionUser | undefined {
  return user;
}

export function setSessionUser(next: SessionUser): void {
  user = next;
  rememberLanguage(next.language ?? next.settings.language ?? null);
  setForcedReset(next.forceResetPassword);
  emit();
}

/** Drops the verified flag: the next guarded navigation verifies again. */
export function clearSession(): void {
  generation++;
  if (user === undefined) return;
  user = undefined;
  emit();
}

export function sessionGeneration(): number {
  return generation;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The forced-reset flag survives a reload of /password/change (session storage), because the 307
 * that set it is not repeated; it is per tab so it never outlives the browser session.
 */
export function isForcedReset(): boolean {
  if (forcedReset === undefined) {
    try {
      forcedReset = window.sessionStorage.getItem(FORCED_RESET_KEY) === '1';
    } catch {
      forcedReset = false;
    }
  }
  return forcedReset;
}

export function setForcedReset(value: boolean): void {
  const changed = forcedReset !== value;
  forcedReset = value;
  try {
    if (value) window.sessionStorage.setItem(FORCED_RESET_KEY, '1');
    else window.sessionStorage.removeItem(FORCED_RESET_KEY);
  } catch {
    // Without session storage the flag lasts for this page only, which verify then restores.
  }
  if (changed) emit();
}
