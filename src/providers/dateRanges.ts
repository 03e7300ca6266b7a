import { addDays, weekOf } from './zonedTime';

/** The date ranges every report-like screen offers (compliance, reports, dashboard). */
export const RANGE_PRESETS = [
  'today',
  'this_week',
  'last_week',
  'this_month',
  'last_30_days',
  'last_90_days',
] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

export interface DateRange {
  from: string;
  to: string;
}

/**
 * A preset as calendar days, counted from `today` in the session's zone; weeks start on the
 * tenant's week_starting_day (0 = Sunday).
 */
export function rangeOf(preset: RangePreset, today: string, weekStartingDay: number): DateRange {
  const week = weekOf(today, weekStartingDay);
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'this_week':
      return { from: week[0]!, to: week[6]! };
    case 'last_week':
      return { from: addDays(week[0]!, -7), to: addDays(week[0]!, -1) };
    case 'this_month': {
      const first = `${today.slice(0, 8)}01`;
      const next = addDays(first, 32);
      return { from: first, to: addDays(`${next.slice(0, 8)}01`, -1) };
    }
    case 'last_30_days':
      return { from: addDays(today, -29), to: today };
    case 'last_90_days':
      return { from: addDays(today, -89), to: today };
  }
}

/** The preset a range matches, if any (so a shared link shows its preset selected). */
export function presetOf(range: DateRange, today: string, weekStartingDay: number): RangePreset | undefined {
  return RANGE_PRESETS.find((preset) => {
    const candidate = rangeOf(preset, today, weekStartingDay);
    return candidate.from === range.from && candidate.to === range.to;
  });
}
