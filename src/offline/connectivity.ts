import { useSyncExternalStore } from 'react';
import { KEPT_HEADER } from '../sw/messages';

/*
 * What the page knows of its connection (issue 30): whether the browser says it is online, when
 * the server last answered, and whether the last answer came from the device instead (the
 * service worker's kept copy on a weak or no signal).
 */
const LAST_SYNC_KEY = 'storeline.last-sync';

interface Connectivity {
  online: boolean;
  /** Epoch ms of the server's last fresh answer, if any on this device. */
  lastSync: number | undefined;
  /** The last answer was the device's kept copy: what is shown may be out of date. */
  fromDevice: boolean;
}

const readLastSync = () => {
  const value = Number(globalThis.localStorage?.getItem(LAST_SYNC_KEY));
  return Number.isFinite(value) && value > 0 ? value : undefined;
};

let state: Connectivity = {
  online: typeof navigator === 'undefined' ? true : navigator.onLine,
  lastSync: readLastSync(),
  fromDevice: false,
};
const listeners = new Set<() => void>();

function update(changes: Partial<Connectivity>): void {
  const next = { ...state, ...changes };
  if (
    next.online === state.online &&
    next.lastSync === state.lastSync &&
    next.fromDevice === state.fromDevice
  )
    return;
  state = next;
  for (const listener of listeners) listener();
}

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => update({ online: true }));
  window.addEventListener('offline', () => update({ online: false }));
}

/** Every API answer passes here (httpClient): fresh from the server, or kept on the device. */
export function noteAnswer(headers: Headers): void {
  if (headers.has(KEPT_HEADER)) {
    update({ fromDevice: true });
    return;
  }
  // Written at most once a second: a screen asks several things at once.
  const now = Date.now();
  if (state.lastSync !== undefined && now - state.lastSync < 1000 && !state.fromDevice) return;
  globalThis.localStorage?.setItem(LAST_SYNC_KEY, String(now));
  update({ lastSync: now, fromDevice: false, online: true });
}

/** A request that reached nothing: what the screen shows now is what the device had. */
export function noteUnreachable(): void {
  update({ fromDevice: true });
}

/** Signing out leaves no trace of when that person last synced. */
export function forgetLastSync(): void {
  globalThis.localStorage?.removeItem(LAST_SYNC_KEY);
  update({ lastSync: undefined, fromDevice: false });
}

export function useConnectivity(): Connectivity {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
  );
}
