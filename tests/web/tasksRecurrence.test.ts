import { describe, expect, it } from 'vitest';
import { i18nProvider } from '../../src/providers/i18nProvider';
import { recurrenceSentence, type ScheduleFields } from '../../src/resources/tasks/recurrenceSentence';

const t = (key: string, options?: Record<string, unknown>) => i18nProvider.translate(key, options);

// 2026-03-02 is a Monday.
const base: ScheduleFields = {
  start_date: '2026-03-02',
  start_time: '09:00',
  due_date: '2026-03-02',
  due_time: '17:00',
};
const say = (fields: Partial<ScheduleFields>) => recurrenceSentence({ ...base, ...fields }, t, 'en-AU');

describe('recurrenceSentence', () => {
  it('says a one-off task on one day, in store time', () => {
    expect(say({ recurrence: null })).toBe('Once, Monday 2 March, 09:00–17:00 store time');
  });

  it('says a one-off task that runs over several days', () => {
    expect(say({ due_date: '2026-03-04' })).toBe(
      'Once, from Monday 2 March 09:00 to Wednesday 4 March 17:00 store time',
    );
  });

  it('says weekly on chosen days, Monday first, with its end date', () => {
    expect(say({ recurrence: { freq: 'weekly', weekdays: [4, 1], until: '2026-03-31' } })).toBe(
      'Every Monday and Thursday, 09:00–17:00 store time, until 31 March',
    );
  });

  it('says daily and every N days', () => {
    expect(say({ recurrence: { freq: 'daily' } })).toBe('Every day, 09:00–17:00 store time');
    expect(say({ recurrence: { freq: 'daily', interval: 3 } })).toBe('Every 3 days, 09:00–17:00 store time');
  });

  it('says every N weeks, and the start day when no weekday is chosen', () => {
    expect(say({ recurrence: { freq: 'weekly', interval: 2, weekdays: [1, 3, 5] } })).toBe(
      'Every 2 weeks on Monday, Wednesday and Friday, 09:00–17:00 store time',
    );
    expect(say({ recurrence: { freq: 'weekly' } })).toBe('Every Monday, 09:00–17:00 store time');
  });

  it('says monthly on a day with its ordinal, the last day, and every N months', () => {
    expect(say({ recurrence: { freq: 'monthly', month_day: 1 } })).toBe(
      'Every month on the 1st, 09:00–17:00 store time',
    );
    expect(say({ recurrence: { freq: 'monthly', month_day: 22 } })).toBe(
      'Every month on the 22nd, 09:00–17:00 store time',
    );
    expect(say({ recurrence: { freq: 'monthly', month_day: 13 } })).toBe(
      'Every month on the 13th, 09:00–17:00 store time',
    );
    expect(say({ recurrence: { freq: 'monthly', month_day: -1 } })).toBe(
      'Every month on the last day, 09:00–17:00 store time',
    );
    expect(say({ recurrence: { freq: 'monthly', interval: 3, month_day: 31 } })).toBe(
      'Every 3 months on the 31st, 09:00–17:00 store time',
    );
    // Without a day, the start date's.
    expect(say({ recurrence: { freq: 'monthly' } })).toBe('Every month on the 2nd, 09:00–17:00 store time');
  });

  it('says how many times, and once', () => {
    expect(say({ recurrence: { freq: 'daily', count: 10 } })).toBe(
      'Every day, 09:00–17:00 store time, 10 times',
    );
    expect(say({ recurrence: { freq: 'daily', count: 1 } })).toBe('Every day, 09:00–17:00 store time, once');
  });

  it('gives the year of an end date in another year', () => {
    expect(say({ recurrence: { freq: 'weekly', weekdays: [1], until: '2027-01-31' } })).toBe(
      'Every Monday, 09:00–17:00 store time, until 31 January 2027',
    );
  });

  it('says when a recurring task is due on a later day', () => {
    expect(say({ due_date: '2026-03-03', recurrence: { freq: 'weekly', weekdays: [1] } })).toBe(
      'Every Monday, 09:00 store time, due at 17:00 the next day',
    );
    expect(say({ due_date: '2026-03-05', recurrence: { freq: 'weekly', weekdays: [1] } })).toBe(
      'Every Monday, 09:00 store time, due at 17:00 3 days later',
    );
  });

  it('treats every weekday as every day', () => {
    expect(say({ recurrence: { freq: 'weekly', weekdays: [0, 1, 2, 3, 4, 5, 6] } })).toBe(
      'Every day, 09:00–17:00 store time',
    );
  });

  it('says nothing while the dates are incomplete', () => {
    expect(say({ start_date: '' })).toBe('');
  });
});
