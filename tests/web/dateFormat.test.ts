// @vitest-environment node
// Pure logic: no DOM needed, so no jsdom to build for this file.
import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from '../../src/providers/dateFormat';
import { localeForZone, patternForLocale, timezoneInfo } from '../../src/session/timezone';

describe('date format by browser zone (spec §3)', () => {
  it.each([
    ['America/New_York', 'en-US', 'MM/DD/YYYY'],
    ['America/Los_Angeles', 'en-US', 'MM/DD/YYYY'],
    ['America/Indiana/Indianapolis', 'en-US', 'MM/DD/YYYY'],
    ['Pacific/Honolulu', 'en-US', 'MM/DD/YYYY'],
    ['Europe/London', 'en-GB', 'DD/MM/YYYY'],
    ['Australia/Sydney', 'en-AU', 'DD/MM/YYYY'],
    ['Europe/Berlin', 'en', 'YYYY-MM-DD'],
    ['UTC', 'en', 'YYYY-MM-DD'],
    ['America/Toronto', 'en', 'YYYY-MM-DD'],
  ])('%s → %s → %s', (zone, locale, pattern) => {
    expect(localeForZone(zone)).toBe(locale);
    expect(patternForLocale(locale)).toBe(pattern);
    expect(timezoneInfo(zone)).toEqual({ timezone: zone, locale, dateFormat: pattern });
  });

  it('formats dates with each pattern and ignores empty or invalid values', () => {
    const date = new Date('2026-03-07T14:05:00Z');
    expect(formatDate(date, 'MM/DD/YYYY', 'UTC')).toBe('03/07/2026');
    expect(formatDate(date, 'DD/MM/YYYY', 'UTC')).toBe('07/03/2026');
    expect(formatDate(date, 'YYYY-MM-DD', 'UTC')).toBe('2026-03-07');
    expect(formatDateTime(date, 'MM/DD/YYYY', 'UTC')).toBe('03/07/2026 2:05 PM');
    expect(formatDateTime(date, 'DD/MM/YYYY', 'UTC')).toBe('07/03/2026 14:05');
    expect(formatDate(null, 'YYYY-MM-DD', 'UTC')).toBe('');
    expect(formatDate('not a date', 'YYYY-MM-DD', 'UTC')).toBe('');
  });

  it('shows an instant in the session zone and a calendar day as it is (spec §9)', () => {
    const noonUtc = '2026-11-23T12:00:00Z';
    expect(formatDateTime(noonUtc, 'DD/MM/YYYY', 'Australia/Sydney')).toBe('23/11/2026 23:00');
    expect(formatDateTime(noonUtc, 'MM/DD/YYYY', 'America/New_York')).toBe('11/23/2026 7:00 AM');
    expect(formatDate('2026-11-23T20:00:00Z', 'DD/MM/YYYY', 'Australia/Sydney')).toBe('24/11/2026');
    expect(formatDate('2019-03-01', 'MM/DD/YYYY', 'America/New_York')).toBe('03/01/2019');
  });
});
