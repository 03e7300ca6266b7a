// @vitest-environment node
// Pure logic: no DOM needed.
import { describe, expect, it } from 'vitest';
import { addDays, dateTimeIn, dayKeyIn, timeIn, weekOf } from '../../src/providers/zonedTime';

describe('times in the session zone (spec §9)', () => {
  it('counts the calendar day in the zone, not the machine', () => {
    const instant = '2030-03-04T14:30:00.000Z';
    expect(dayKeyIn(instant, 'Australia/Sydney')).toBe('2030-03-05');
    expect(dayKeyIn(instant, 'America/New_York')).toBe('2030-03-04');
  });

  it('writes the time in 24 hours, or 12 for the US pattern, across daylight saving', () => {
    // Sydney leaves daylight saving on 7 April 2030: 06:00 UTC is 17:00 before and 16:00 after.
    expect(timeIn('2030-04-06T06:00:00Z', 'Australia/Sydney', 'DD/MM/YYYY')).toBe('17:00');
    expect(timeIn('2030-04-08T06:00:00Z', 'Australia/Sydney', 'DD/MM/YYYY')).toBe('16:00');
    expect(timeIn('2030-03-04T00:05:00Z', 'UTC', 'YYYY-MM-DD')).toBe('00:05');
    expect(timeIn('2030-03-04T17:30:00Z', 'America/New_York', 'MM/DD/YYYY')).toBe('12:30 PM');
    expect(dateTimeIn('2030-03-04T17:30:00Z', 'America/New_York', 'MM/DD/YYYY')).toBe('03/04/2030 12:30 PM');
  });

  it('steps calendar days over month ends and daylight-saving changes', () => {
    expect(addDays('2030-02-28', 1)).toBe('2030-03-01');
    expect(addDays('2030-03-31', 1)).toBe('2030-04-01');
    expect(addDays('2030-01-01', -1)).toBe('2029-12-31');
  });

  it('builds the week from the tenant first day', () => {
    // 2030-03-06 is a Wednesday.
    expect(weekOf('2030-03-06', 1)).toEqual([
      '2030-03-04',
      '2030-03-05',
      '2030-03-06',
      '2030-03-07',
      '2030-03-08',
      '2030-03-09',
      '2030-03-10',
    ]);
    expect(weekOf('2030-03-06', 0)[0]).toBe('2030-03-03');
    expect(weekOf('2030-03-06', 3)[0]).toBe('2030-03-06');
    expect(weekOf('2030-03-06', 6)[0]).toBe('2030-03-02');
  });
});
