import { describe, expect, it } from 'vitest';
import type { Recurrence } from '../../server/db/schema';
import { firstOccurrence, occurrenceDates } from '../../server/modules/taskmanagement/recurrence';

const dates = (
  startDate: string,
  recurrence: Recurrence | null,
  from = startDate,
  to = '2031-12-31',
  weekStart = 1,
) => occurrenceDates({ startDate, recurrence }, from, to, weekStart);

describe('occurrence dates', () => {
  it('a one-off task occurs once, on its start date, if that lies in the window', () => {
    expect(dates('2030-03-04', null)).toEqual(['2030-03-04']);
    expect(dates('2030-03-04', null, '2030-03-05')).toEqual([]);
  });

  it('daily, every N days, until a date (inclusive)', () => {
    expect(dates('2030-01-30', { freq: 'daily', interval: 1, until: '2030-02-02' })).toEqual([
      '2030-01-30',
      '2030-01-31',
      '2030-02-01',
      '2030-02-02',
    ]);
    expect(dates('2030-01-01', { freq: 'daily', interval: 3, count: 4 })).toEqual([
      '2030-01-01',
      '2030-01-04',
      '2030-01-07',
      '2030-01-10',
    ]);
  });

  it('counts occurrences from the first one, not from the window', () => {
    // Five occurrences in all: 1st–5th. A window from the 4th sees the last two only.
    expect(dates('2030-01-01', { freq: 'daily', interval: 1, count: 5 }, '2030-01-04')).toEqual([
      '2030-01-04',
      '2030-01-05',
    ]);
  });

  it('weekly on chosen weekdays, every other week counted from the start date’s week', () => {
    // 2030-03-04 is a Monday. Mondays and Thursdays, every second week (weeks start on Monday).
    expect(
      dates('2030-03-04', { freq: 'weekly', interval: 2, weekdays: [1, 4], until: '2030-03-31' }),
    ).toEqual(['2030-03-04', '2030-03-07', '2030-03-18', '2030-03-21']);
    // A start on Wednesday skips that week's Monday.
    expect(dates('2030-03-06', { freq: 'weekly', interval: 1, weekdays: [1], count: 2 })).toEqual([
      '2030-03-11',
      '2030-03-18',
    ]);
    // With Sunday as the first day of the week, "every second week" is anchored differently.
    expect(
      dates(
        '2030-03-09',
        { freq: 'weekly', interval: 2, weekdays: [0, 6], until: '2030-03-24' },
        '2030-03-09',
        '2031-12-31',
        0,
      ),
    ).toEqual(['2030-03-09', '2030-03-17', '2030-03-23']);
  });

  it('monthly on the 31st skips months without one', () => {
    expect(dates('2030-01-31', { freq: 'monthly', interval: 1, month_day: 31, count: 4 })).toEqual([
      '2030-01-31',
      '2030-03-31',
      '2030-05-31',
      '2030-07-31',
    ]);
  });

  it('monthly on the last day follows each month’s length, leap years included', () => {
    expect(dates('2028-01-15', { freq: 'monthly', interval: 1, month_day: -1, until: '2028-04-30' })).toEqual(
      ['2028-01-31', '2028-02-29', '2028-03-31', '2028-04-30'],
    );
    expect(dates('2030-01-01', { freq: 'monthly', interval: 3, month_day: -1, count: 3 })).toEqual([
      '2030-01-31',
      '2030-04-30',
      '2030-07-31',
    ]);
  });

  it('monthly without a day repeats the start date’s day, and never before the start', () => {
    expect(dates('2030-01-20', { freq: 'monthly', interval: 1, count: 2 })).toEqual([
      '2030-01-20',
      '2030-02-20',
    ]);
    expect(dates('2030-01-20', { freq: 'monthly', interval: 1, month_day: 5, count: 2 })).toEqual([
      '2030-02-05',
      '2030-03-05',
    ]);
  });

  it('finds the first occurrence, or none when the rule never fires before its end', () => {
    expect(
      firstOccurrence({
        startDate: '2030-03-06',
        recurrence: { freq: 'weekly', interval: 1, weekdays: [1] },
      }),
    ).toBe('2030-03-11');
    expect(
      firstOccurrence({
        startDate: '2030-02-01',
        recurrence: { freq: 'monthly', interval: 1, month_day: 30, until: '2030-02-28' },
      }),
    ).toBeNull();
    expect(
      firstOccurrence(
        { startDate: '2030-01-01', recurrence: { freq: 'daily', interval: 1, count: 3 } },
        '2030-01-05',
      ),
    ).toBeNull();
  });
});
