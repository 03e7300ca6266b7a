import { format as formatWithDateFns } from 'date-fns';
import type { DatePattern } from './timezone';

/** Formatting with the pattern of spec §3; the pattern itself comes from timezone.ts. */
const DATE_FNS_PATTERNS: Record<DatePattern, string> = {
  'MM/DD/YYYY': 'MM/dd/yyyy',
  'DD/MM/YYYY': 'dd/MM/yyyy',
  'YYYY-MM-DD': 'yyyy-MM-dd',
};

/** Formats a date (Date, ISO string or epoch milliseconds) with the given pattern; '' for no date. */
export function formatDate(value: Date | string | number | null | undefined, pattern: DatePattern): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return formatWithDateFns(date, DATE_FNS_PATTERNS[pattern]);
}

/** Date and time, the time as hours and minutes in the same convention (12-hour for the US). */
export function formatDateTime(
  value: Date | string | number | null | undefined,
  pattern: DatePattern,
): string {
  const day = formatDate(value, pattern);
  if (!day) return '';
  const date = value instanceof Date ? value : new Date(value as string | number);
  const time = formatWithDateFns(date, pattern === 'MM/DD/YYYY' ? 'h:mm a' : 'HH:mm');
  return `${day} ${time}`;
}
