import type { DatePattern } from '../session/timezone';

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

/*
 * "Opened" is a calendar day, not an instant: the day is kept as midnight UTC and always read
 * back in UTC, so a store opened on 2019-03-01 shows that day in New York and in Sydney alike.
 * Nothing here goes through the viewer's zone.
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** The UTC calendar day of the seconds, as year, month (1-12) and day; null for no date. */
function openAtDay(seconds: unknown): { year: number; month: number; day: number } | null {
  const ms = openAtToMs(typeof seconds === 'number' ? seconds : null);
  if (ms === null) return null;
  const d = new Date(ms);
  if (Number.isNaN(d.getTime())) return null;
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** Seconds on the record → the value of a date field ('YYYY-MM-DD'), '' for none. */
export function openAtToInput(seconds: unknown): string {
  const day = openAtDay(seconds);
  return day ? `${day.year}-${pad(day.month)}-${pad(day.day)}` : '';
}

/** A date field's value ('YYYY-MM-DD') → seconds at midnight UTC of that day (null when cleared). */
export function inputToOpenAt(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  return msToOpenAt(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
}

/** The opening day in the user's date pattern (spec §3); '' for none. */
export function formatOpenAt(seconds: unknown, pattern: DatePattern): string {
  const day = openAtDay(seconds);
  if (!day) return '';
  const [y, m, d] = [String(day.year), pad(day.month), pad(day.day)];
  if (pattern === 'MM/DD/YYYY') return `${m}/${d}/${y}`;
  if (pattern === 'DD/MM/YYYY') return `${d}/${m}/${y}`;
  return `${y}-${m}-${d}`;
}
