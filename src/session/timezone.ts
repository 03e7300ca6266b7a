/**
 * Spec §3: the date format follows the browser's time zone: zone → locale → pattern. The zone is a
 * better signal than navigator.language here: store staff often run an en-US browser in Australia.
 */
export type DatePattern = 'MM/DD/YYYY' | 'DD/MM/YYYY' | 'YYYY-MM-DD';

const DEFAULT_LOCALE = 'en';
const DEFAULT_DATE_PATTERN: DatePattern = 'YYYY-MM-DD';

const US_ZONES = new Set([
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Phoenix',
  'America/Los_Angeles',
  'America/Anchorage',
  'America/Adak',
  'America/Boise',
  'America/Detroit',
  'America/Juneau',
  'America/Sitka',
  'America/Yakutat',
  'America/Nome',
  'America/Metlakatla',
  'America/Menominee',
  'Pacific/Honolulu',
]);

/** Zones (or zone prefixes ending in "/") → locale; the first match wins. */
const ZONE_LOCALES: [string, string][] = [
  ['America/Indiana/', 'en-US'],
  ['America/Kentucky/', 'en-US'],
  ['America/North_Dakota/', 'en-US'],
  ['US/', 'en-US'],
  ['Europe/London', 'en-GB'],
  ['Europe/Belfast', 'en-GB'],
  ['Europe/Guernsey', 'en-GB'],
  ['Europe/Isle_of_Man', 'en-GB'],
  ['Europe/Jersey', 'en-GB'],
  ['GB', 'en-GB'],
  ['Europe/Dublin', 'en-IE'],
  ['Australia/', 'en-AU'],
  ['Pacific/Auckland', 'en-NZ'],
  ['Pacific/Chatham', 'en-NZ'],
  ['Asia/Kolkata', 'en-IN'],
  ['Asia/Calcutta', 'en-IN'],
  ['Asia/Singapore', 'en-SG'],
  ['Africa/Johannesburg', 'en-ZA'],
];

/** Locales that write day before month; everything else not US falls back to ISO. */
const DAY_FIRST_LOCALES = new Set(['en-GB', 'en-IE', 'en-AU', 'en-NZ', 'en-IN', 'en-SG', 'en-ZA']);

/** IANA zone names this browser knows, for time zone pickers (the server checks them too). */
export function timeZoneNames(): string[] {
  try {
    const zones = Intl.supportedValuesOf('timeZone');
    return zones.includes('UTC') ? zones : [...zones, 'UTC'];
  } catch {
    return ['UTC'];
  }
}

/** The browser's own zone: the session's when the profile has none (spec §9), a new workspace's default. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

export function localeForZone(zone: string): string {
  if (US_ZONES.has(zone)) return 'en-US';
  for (const [prefix, locale] of ZONE_LOCALES) {
    if (prefix.endsWith('/') ? zone.startsWith(prefix) : zone === prefix) return locale;
  }
  return DEFAULT_LOCALE;
}

export function patternForLocale(locale: string): DatePattern {
  if (locale === 'en-US') return 'MM/DD/YYYY';
  if (DAY_FIRST_LOCALES.has(locale)) return 'DD/MM/YYYY';
  return DEFAULT_DATE_PATTERN;
}

export interface TimezoneInfo {
  timezone: string;
  locale: string;
  dateFormat: DatePattern;
}

/** The session's timezone block of spec §3, from a zone (the profile's, else the browser's). */
export function timezoneInfo(zone: string = browserTimeZone()): TimezoneInfo {
  const locale = localeForZone(zone);
  return { timezone: zone, locale, dateFormat: patternForLocale(locale) };
}
