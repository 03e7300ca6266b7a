import type { DatePattern } from '../session/timezone';
import { dateTimeIn, dayKeyIn, formatDayKey } from './zonedTime';

type DateValue = Date | string | number | null | undefined;

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

function instant(value: DateValue): Date | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/**
 * The day of a date with the pattern of spec §3, as the given zone counts it (spec §9: the
 * session's zone). A calendar day ("2019-03-01") belongs to no zone and is written as it is.
 * '' for no date.
 */
export function formatDate(value: DateValue, pattern: DatePattern, zone: string): string {
  if (typeof value === 'string' && CALENDAR_DAY.test(value)) return formatDayKey(value, pattern);
  const date = instant(value);
  return date ? formatDayKey(dayKeyIn(date, zone), pattern) : '';
}

/** Date and time in the given zone, the time in the pattern's convention (12-hour for the US). */
export function formatDateTime(value: DateValue, pattern: DatePattern, zone: string): string {
  const date = instant(value);
  return date ? dateTimeIn(date, zone, pattern) : '';
}
