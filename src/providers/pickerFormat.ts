import type { Day, Locale } from 'date-fns';
import { format, isValid } from 'date-fns';
import { enAU } from 'date-fns/locale/en-AU';
import { enGB } from 'date-fns/locale/en-GB';
import { enIE } from 'date-fns/locale/en-IE';
import { enIN } from 'date-fns/locale/en-IN';
import { enNZ } from 'date-fns/locale/en-NZ';
import { enUS } from 'date-fns/locale/en-US';
import { enZA } from 'date-fns/locale/en-ZA';
import { es } from 'date-fns/locale/es';
import { fr } from 'date-fns/locale/fr';
import { DEFAULT_LANGUAGE, type Language } from '../../contract/languages';
import type { DatePattern } from '../session/timezone';
import { twelveHourClock } from './zonedTime';

/*
 * What the date and time fields (MUI X pickers with date-fns) need from the app's formats: the
 * field's format for the pattern of spec §3, the date-fns locale of the session, and the way
 * between the strings the forms and the API hold (YYYY-MM-DD, HH:mm) and the Date a picker edits.
 * A calendar day and a time of day belong to no zone: the Date is only the picker's vehicle, in
 * the browser's local time, and is turned back into the same string.
 */

const DAY_FORMATS: Record<DatePattern, string> = {
  'MM/DD/YYYY': 'MM/dd/yyyy',
  'DD/MM/YYYY': 'dd/MM/yyyy',
  'YYYY-MM-DD': 'yyyy-MM-dd',
};

/** The date field's format in date-fns tokens: the app's pattern. */
export function dayFormat(pattern: DatePattern): string {
  return DAY_FORMATS[pattern];
}

/** The time field's format: 12-hour with AM/PM for the US pattern, 24-hour otherwise. */
export function timeFormat(pattern: DatePattern): string {
  return twelveHourClock(pattern) ? 'h:mm a' : 'HH:mm';
}

/**
 * The pickers' own wordings of a day (a phone's "Fri, 27 Nov" above the calendar): day before
 * month unless the pattern puts the month first. MUI X writes them month first whatever the locale.
 */
export function pickerDateFormats(pattern: DatePattern): {
  normalDateWithWeekday: string;
  shortDate: string;
} {
  return pattern === 'MM/DD/YYYY'
    ? { normalDateWithWeekday: 'EEE, MMM d', shortDate: 'MMM d' }
    : { normalDateWithWeekday: 'EEE, d MMM', shortDate: 'd MMM' };
}

/** date-fns' locale of each language the contract's table names, read where no regional one fits. */
const LANGUAGE_LOCALES: Record<Language, Locale> = { en: enUS, es, fr };

/** English's regional locales (the zone's, spec §3): how each writes a day. */
const LOCALES: Record<string, Locale> = {
  'en-US': enUS,
  'en-GB': enGB,
  'en-IE': enIE,
  'en-AU': enAU,
  'en-NZ': enNZ,
  'en-IN': enIN,
  'en-ZA': enZA,
  // date-fns has no Singapore English; British English writes days the same way.
  'en-SG': enGB,
};

/**
 * The date-fns locale of the session's locale (timezone.ts), its weeks starting on the tenant's
 * first day of the week (0 = Sunday), so the calendar's rows match the app's weeks. In Spanish or
 * French (issue 31) the months and days are named in that language; the date pattern stays the
 * zone's (spec §3), set by each field.
 */
export function pickerLocale(
  locale: string,
  weekStartingDay: number,
  language: Language = DEFAULT_LANGUAGE,
): Locale {
  const regional = locale.split('-')[0] === language ? LOCALES[locale] : undefined;
  const base = regional ?? LANGUAGE_LOCALES[language];
  const weekStartsOn = (((weekStartingDay % 7) + 7) % 7) as Day;
  return { ...base, options: { ...base.options, weekStartsOn } };
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2}):(\d{2})(?::\d{2})?$/;

/** The local date a picker edits for a calendar day (YYYY-MM-DD); null for none or no such day. */
export function dayToDate(day: string): Date | null {
  const match = DAY.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const value = new Date(2000, 0, 1);
  value.setFullYear(year, month - 1, date);
  return value.getFullYear() === year && value.getMonth() === month - 1 && value.getDate() === date
    ? value
    : null;
}

/** A picked date's calendar day (YYYY-MM-DD); '' for none or an unfinished entry. */
export function dateToDay(value: Date | null): string {
  return value && isValid(value) ? format(value, 'yyyy-MM-dd') : '';
}

/**
 * The day a time of day is held on. A fixed day away from every daylight-saving change the
 * browser's zone may have, so 02:30 stays 02:30 (today's date could skip that hour).
 */
export const TIME_REFERENCE_DAY = new Date(2000, 0, 15);

/** The local time a picker edits for a time of day (HH:mm, seconds ignored); null for none. */
export function timeToDate(time: string): Date | null {
  const match = TIME.exec(time);
  if (!match) return null;
  const [hours, minutes] = [Number(match[1]), Number(match[2])];
  if (hours > 23 || minutes > 59) return null;
  const value = new Date(TIME_REFERENCE_DAY);
  value.setHours(hours, minutes, 0, 0);
  return value;
}

/** A picked time as HH:mm (24-hour, what the forms and the API hold); '' for none or unfinished. */
export function dateToTime(value: Date | null): string {
  return value && isValid(value) ? format(value, 'HH:mm') : '';
}
