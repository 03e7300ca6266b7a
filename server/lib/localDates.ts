import { badRequest } from './errors';

/*
 * Calendar dates (YYYY-MM-DD) as the product stores them: the same day in every zone, so the
 * arithmetic runs on UTC midnights. PostgreSQL turns a date and a local time into an instant.
 */

export const DAY_MS = 86_400_000;

/** Days since 1970-01-01 (UTC). */
export const toDay = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
export const fromDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

export const addDays = (date: string, days: number) => fromDay(toDay(date) + days);
export const daysBetween = (from: string, to: string) => toDay(to) - toDay(from);
/** 0 = Sunday … 6 = Saturday. */
export const weekdayOf = (date: string) => new Date(toDay(date) * DAY_MS).getUTCDay();

/** True for a real calendar date (rejects 2025-02-30). */
export function isCalendarDate(date: string): boolean {
  const day = toDay(date);
  return Number.isFinite(day) && fromDay(day) === date;
}

/** The first day of the week holding `date`, weeks starting on `weekStart` (0 = Sunday). */
export const weekStartOf = (date: string, weekStart: number) =>
  addDays(date, -((weekdayOf(date) - weekStart + 7) % 7));

const EARLIEST = '1900-01-01';
const LATEST = '2999-12-31';

/**
 * A from–to range of calendar dates a person can act on: both real dates, in order, at most
 * `maxDays` long, and within years 1900–2999 (week and period arithmetic around them stays inside
 * what the database's date type holds). Throws a 400 naming the field to fix.
 */
export function checkDateRange(range: { from: string; to: string }, maxDays: number): void {
  for (const key of ['from', 'to'] as const) {
    const date = range[key];
    if (!isCalendarDate(date) || date < EARLIEST || date > LATEST)
      throw badRequest(`Pick a real date between ${EARLIEST} and ${LATEST}`, { [key]: 'Pick a real date' });
  }
  const days = daysBetween(range.from, range.to);
  if (days < 0)
    throw badRequest('The end date is before the start date', { to: 'Pick a date on or after the start' });
  if (days >= maxDays)
    throw badRequest(`Pick at most ${maxDays} days`, { to: `At most ${maxDays} days after the start` });
}

/** One date a person gave, held to the same bounds. */
export function checkDate(date: string, field: string): void {
  if (!isCalendarDate(date) || date < EARLIEST || date > LATEST)
    throw badRequest(`Pick a real date between ${EARLIEST} and ${LATEST}`, { [field]: 'Pick a real date' });
}
