/**
 * Spec §3/§9: open_at travels in unix seconds and is held in milliseconds in the UI. These are
 * the only two places the units change.
 */
export function openAtToMs(seconds: number | null | undefined): number | null {
  return typeof seconds === 'number' ? seconds * 1000 : null;
}

export function msToOpenAt(ms: number | null | undefined): number | null {
  return typeof ms === 'number' && Number.isFinite(ms) ? Math.floor(ms / 1000) : null;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Seconds on the record → the value of a datetime-local field, in the browser's zone. */
export function openAtToInput(seconds: unknown): string {
  const ms = openAtToMs(typeof seconds === 'number' ? seconds : null);
  if (ms === null) return '';
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value → seconds for the record (null when cleared). */
export function inputToOpenAt(value: unknown): number | null {
  if (typeof value !== 'string' || !value) return null;
  return msToOpenAt(new Date(value).getTime());
}
