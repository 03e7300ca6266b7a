// @vitest-environment node
// Pure logic: no DOM needed.
import { format } from 'date-fns';
import { afterEach, describe, expect, it } from 'vitest';
import {
  dateToDay,
  dateToTime,
  dayFormat,
  dayToDate,
  pickerDateFormats,
  pickerLocale,
  timeFormat,
  timeToDate,
} from '../../src/providers/pickerFormat';
import { formatDayKey, timeIn } from '../../src/providers/zonedTime';
import type { DatePattern } from '../../src/session/timezone';

const PATTERNS: DatePattern[] = ['DD/MM/YYYY', 'MM/DD/YYYY', 'YYYY-MM-DD'];

describe('the date and time fields’ formats (spec §3)', () => {
  it.each(PATTERNS)('writes a day in the %s field as the app writes it elsewhere', (pattern) => {
    expect(format(dayToDate('2026-11-26')!, dayFormat(pattern))).toBe(formatDayKey('2026-11-26', pattern));
    expect(format(dayToDate('2031-03-05')!, dayFormat(pattern))).toBe(formatDayKey('2031-03-05', pattern));
  });

  it.each(PATTERNS)('writes a time in the %s field as the app writes it elsewhere', (pattern) => {
    for (const [time, instant] of [
      ['17:00', '2030-03-04T17:00:00Z'],
      ['09:05', '2030-03-04T09:05:00Z'],
      ['00:30', '2030-03-04T00:30:00Z'],
      ['12:00', '2030-03-04T12:00:00Z'],
    ] as const) {
      expect(format(timeToDate(time)!, timeFormat(pattern))).toBe(timeIn(instant, 'UTC', pattern));
    }
  });

  it('words a day above a phone’s calendar in the pattern’s order', () => {
    const friday = dayToDate('2026-11-27')!;
    expect(format(friday, pickerDateFormats('DD/MM/YYYY').normalDateWithWeekday)).toBe('Fri, 27 Nov');
    expect(format(friday, pickerDateFormats('YYYY-MM-DD').shortDate)).toBe('27 Nov');
    expect(format(friday, pickerDateFormats('MM/DD/YYYY').normalDateWithWeekday)).toBe('Fri, Nov 27');
  });

  it('uses a 12-hour clock only for the US pattern', () => {
    expect(timeFormat('MM/DD/YYYY')).toBe('h:mm a');
    expect(timeFormat('DD/MM/YYYY')).toBe('HH:mm');
    expect(timeFormat('YYYY-MM-DD')).toBe('HH:mm');
  });
});

describe('the strings the forms hold', () => {
  const zone = process.env.TZ;
  afterEach(() => {
    process.env.TZ = zone;
  });

  it('turns a calendar day into the picker’s date and back, and refuses days that do not exist', () => {
    expect(dateToDay(dayToDate('2026-11-26'))).toBe('2026-11-26');
    expect(dateToDay(dayToDate('2028-02-29'))).toBe('2028-02-29');
    expect(dayToDate('2026-02-29')).toBeNull();
    expect(dayToDate('2026-13-01')).toBeNull();
    expect(dayToDate('')).toBeNull();
    expect(dayToDate('26/11/2026')).toBeNull();
    expect(dateToDay(null)).toBe('');
    expect(dateToDay(new Date(Number.NaN))).toBe('');
  });

  it.each(['America/New_York', 'Australia/Lord_Howe', 'America/Santiago', 'UTC'])(
    'keeps every time of day and every day in %s, daylight-saving changes included',
    (tz) => {
      process.env.TZ = tz;
      for (let minutes = 0; minutes < 24 * 60; minutes += 15) {
        const hh = String(Math.floor(minutes / 60)).padStart(2, '0');
        const mm = String(minutes % 60).padStart(2, '0');
        expect(dateToTime(timeToDate(`${hh}:${mm}`))).toBe(`${hh}:${mm}`);
      }
      // Days on which these zones change their clocks (Santiago's at midnight).
      for (const day of ['2030-03-10', '2030-04-07', '2030-09-08', '2030-10-06', '2030-11-03']) {
        expect(dateToDay(dayToDate(day))).toBe(day);
      }
    },
  );

  it('reads HH:mm with or without seconds, and nothing else', () => {
    expect(dateToTime(timeToDate('07:05:00'))).toBe('07:05');
    expect(timeToDate('24:00')).toBeNull();
    expect(timeToDate('7:05')).toBeNull();
    expect(timeToDate('')).toBeNull();
    expect(dateToTime(null)).toBe('');
  });
});

describe('the pickers’ locale', () => {
  it('follows the session’s locale, with the tenant’s first day of the week', () => {
    expect(pickerLocale('en-GB', 1).code).toBe('en-GB');
    expect(pickerLocale('en-US', 0).options?.weekStartsOn).toBe(0);
    expect(pickerLocale('en-AU', 3).options?.weekStartsOn).toBe(3);
    // A locale without its own date-fns English falls back, still with the tenant's week.
    expect(pickerLocale('en', 6)).toMatchObject({ code: 'en-US', options: { weekStartsOn: 6 } });
  });
});

describe('pickerLocale in the person’s language (issue 31)', () => {
  it('names months and days in Spanish or French, keeping the tenant’s week start and the zone’s pattern', () => {
    const day = new Date(2026, 2, 2); // a Monday in March
    const fr = pickerLocale('en-AU', 0, 'fr');
    expect(format(day, 'EEEE d MMMM', { locale: fr })).toBe('lundi 2 mars');
    expect(fr.options?.weekStartsOn).toBe(0);
    const es = pickerLocale('en-US', 1, 'es');
    expect(format(day, 'EEEE d MMMM', { locale: es })).toBe('lunes 2 marzo');
    expect(format(day, dayFormat('DD/MM/YYYY'), { locale: es })).toBe('02/03/2026');
    expect(format(day, 'EEEE', { locale: pickerLocale('en-AU', 1, 'en') })).toBe('Monday');
  });
});
