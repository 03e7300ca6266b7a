import type { DatePattern } from '../session/timezone';

/**
 * Instants shown in a named zone (spec §9: the session's zone, the profile's else the browser's)
 * and calendar days (YYYY-MM-DD) that belong to no zone. Intl does the zone arithmetic, so
 * daylight saving is right without a library.
 */

function parts(instant: Date, zone: string, options: Intl.DateTimeFormatOptions): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of new Intl.DateTimeFormat('en-US', { timeZone: zone, ...options }).formatToParts(
    instant,
  )) {
    out[part.type] = part.value;
  }
  return out;
}

function toDate(value: Date | string | number): Date {
  return value instanceof Date ? value : new Date(value);
}

/** The calendar day (YYYY-MM-DD) an instant falls on in a zone. */
export function dayKeyIn(value: Date | string | number, zone: string): string {
  const p = parts(toDate(value), zone, { year: 'numeric', month: '2-digit', day: '2-digit' });
  return `${p.year}-${p.month}-${p.day}`;
}

/** Whether times go with a 12-hour clock: the US pattern's convention; 24-hour everywhere else. */
export function twelveHourClock(pattern: DatePattern): boolean {
  return pattern === 'MM/DD/YYYY';
}

/** The time of day in a zone: 12-hour for the US pattern, 24-hour otherwise (as formatDateTime). */
export function timeIn(value: Date | string | number, zone: string, pattern: DatePattern): string {
  const twelve = twelveHourClock(pattern);
  const p = parts(toDate(value), zone, {
    hour: 'numeric',
    minute: '2-digit',
    hourCycle: twelve ? 'h12' : 'h23',
  });
  if (twelve) return `${p.hour}:${p.minute} ${p.dayPeriod}`;
  return `${p.hour?.padStart(2, '0')}:${p.minute}`;
}

/** A calendar day written with the user's pattern of spec §3. */
export function formatDayKey(day: string, pattern: DatePattern): string {
  const [y, m, d] = day.split('-');
  if (pattern === 'MM/DD/YYYY') return `${m}/${d}/${y}`;
  if (pattern === 'DD/MM/YYYY') return `${d}/${m}/${y}`;
  return day;
}

/** Date and time of an instant in a zone, with the user's pattern. */
export function dateTimeIn(value: Date | string | number, zone: string, pattern: DatePattern): string {
  return `${formatDayKey(dayKeyIn(value, zone), pattern)} ${timeIn(value, zone, pattern)}`;
}

function utcNoon(day: string): Date {
  return new Date(`${day}T12:00:00Z`);
}

/** The day `count` days after (or before) a calendar day. */
export function addDays(day: string, count: number): string {
  const date = utcNoon(day);
  date.setUTCDate(date.getUTCDate() + count);
  return date.toISOString().slice(0, 10);
}

/** Day of the week of a calendar day, 0 = Sunday (the tenant's week_starting_day uses the same). */
function weekdayOf(day: string): number {
  return utcNoon(day).getUTCDay();
}

/** The seven days of the week holding `day`, starting on the tenant's first day of the week. */
export function weekOf(day: string, weekStartingDay: number): string[] {
  const start = addDays(day, -((weekdayOf(day) - weekStartingDay + 7) % 7));
  return Array.from({ length: 7 }, (_, i) => addDays(start, i));
}

/**
 * Names for a calendar day ("Mon", "24", "Mon 24 Nov", "Monday 24 November") in the given locale,
 * and `spoken` ("Mon 24 November"): the name of a control that shows "Mon" over "24", which starts
 * with what it shows (WCAG 2.5.3) and still says the month.
 */
export function dayLabels(
  day: string,
  locale: string,
): { weekday: string; dayOfMonth: string; short: string; long: string; spoken: string } {
  const date = utcNoon(day);
  const format = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(locale, { timeZone: 'UTC', ...options }).format(date);
  return {
    weekday: format({ weekday: 'short' }),
    dayOfMonth: String(date.getUTCDate()),
    short: format({ weekday: 'short', day: 'numeric', month: 'short' }),
    long: format({ weekday: 'long', day: 'numeric', month: 'long' }),
    spoken: `${format({ weekday: 'short' })} ${date.getUTCDate()} ${format({ month: 'long' })}`,
  };
}
