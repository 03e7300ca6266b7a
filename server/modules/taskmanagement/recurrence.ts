import type { Recurrence } from '../../db/schema';
import {
  addDays,
  DAY_MS,
  daysBetween,
  fromDay,
  isCalendarDate,
  toDay,
  weekdayOf,
} from '../../lib/localDates';

/*
 * Which local dates a task occurs on. Pure date arithmetic on calendar dates (no zones: a date is
 * the same calendar day in every store); PostgreSQL turns each date and local time into an
 * instant per store. Dates are YYYY-MM-DD strings, computed on UTC midnights.
 */

/** A bound on how far one expansion walks, so a rule that never matches cannot loop for ever. */
const MAX_STEPS = 50_000;

export interface Schedule {
  startDate: string;
  recurrence: Recurrence | null;
}

export { addDays, daysBetween, isCalendarDate, weekdayOf };

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
}

function* candidates(schedule: Schedule, weekStartDay: number): Generator<string> {
  const { startDate, recurrence } = schedule;
  if (!recurrence) {
    yield startDate;
    return;
  }
  const interval = Math.max(1, recurrence.interval);
  const start = toDay(startDate);
  if (recurrence.freq === 'daily') {
    for (let step = 0; step < MAX_STEPS; step++) yield fromDay(start + step * interval);
    return;
  }
  if (recurrence.freq === 'weekly') {
    const weekdays = new Set(recurrence.weekdays?.length ? recurrence.weekdays : [weekdayOf(startDate)]);
    // Weeks are counted from the calendar week (tenant's first weekday) that holds the start date.
    const anchor = start - ((weekdayOf(startDate) - weekStartDay + 7) % 7);
    for (let day = start; day < start + MAX_STEPS; day++) {
      const week = Math.floor((day - anchor) / 7);
      if (week % interval === 0 && weekdays.has(new Date(day * DAY_MS).getUTCDay())) yield fromDay(day);
    }
    return;
  }
  const first = new Date(start * DAY_MS);
  const wanted = recurrence.month_day ?? first.getUTCDate();
  for (let step = 0; step < MAX_STEPS / 28; step++) {
    const month = first.getUTCMonth() + step * interval;
    const year = first.getUTCFullYear() + Math.floor(month / 12);
    const inYear = ((month % 12) + 12) % 12;
    const last = daysInMonth(year, inYear);
    // "The 31st" skips months without one (as calendars do); -1 means the last day of every month.
    const day = wanted === -1 ? last : wanted;
    if (day > last) continue;
    const date = fromDay(Date.UTC(year, inYear, day) / DAY_MS);
    if (date >= startDate) yield date;
  }
}

/**
 * The occurrence dates inside [from, to], honouring `until` (inclusive) and `count` (counted from
 * the first occurrence, not from `from`). A task without recurrence occurs once, on its start date.
 */
export function occurrenceDates(schedule: Schedule, from: string, to: string, weekStartDay = 1): string[] {
  const until = schedule.recurrence?.until;
  const limit = schedule.recurrence?.count ?? Number.POSITIVE_INFINITY;
  const dates: string[] = [];
  let produced = 0;
  for (const date of candidates(schedule, weekStartDay)) {
    if (date > to || (until && date > until) || produced >= limit) break;
    produced++;
    if (date >= from) dates.push(date);
  }
  return dates;
}

/** The first occurrence on or after `from` (null when the schedule has none left). */
export function firstOccurrence(
  schedule: Schedule,
  from = schedule.startDate,
  weekStartDay = 1,
): string | null {
  const until = schedule.recurrence?.until;
  const limit = schedule.recurrence?.count ?? Number.POSITIVE_INFINITY;
  let produced = 0;
  for (const date of candidates(schedule, weekStartDay)) {
    if ((until && date > until) || produced >= limit) return null;
    produced++;
    if (date >= from) return date;
  }
  return null;
}
