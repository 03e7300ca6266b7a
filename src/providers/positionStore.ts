/**
 * The position (assignment) the user works in, sent as X-Position-Id. Spec §7 says it is taken
 * once from local storage: it is read on first use and then kept in memory, so a value another
 * tab writes later does not switch this tab's permissions under its feet.
 */
export const POSITION_STORAGE_KEY = 'storeline.positionId';

let loaded = false;
let current: number | undefined;

function readStorage(): number | undefined {
  try {
    const raw = window.localStorage.getItem(POSITION_STORAGE_KEY);
    const id = raw === null ? Number.NaN : Number(raw);
    return Number.isInteger(id) && id > 0 ? id : undefined;
  } catch {
    return undefined;
  }
}

export function getPositionId(): number | undefined {
  if (!loaded) {
    current = readStorage();
    loaded = true;
  }
  return current;
}

export function setPositionId(id: number | undefined): void {
  current = id;
  loaded = true;
  try {
    if (id === undefined) window.localStorage.removeItem(POSITION_STORAGE_KEY);
    else window.localStorage.setItem(POSITION_STORAGE_KEY, String(id));
  } catch {
    // Storage can be disabled (private mode); the choice then lasts for this page only.
  }
}

/** For tests: forget the in-memory copy so the next read goes to storage again. */
export function resetPositionCache(): void {
  loaded = false;
  current = undefined;
}
