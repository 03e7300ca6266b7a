import { useMemo } from 'react';
import type { ReportQuery } from '../../contract/api/reports';
import { type RangePreset, rangeOf } from '../providers/dateRanges';
import { dayParam, positiveParam } from './useAddressParams';
import { useSessionUser } from './useSession';
import { useZonedTime } from './useZonedTime';

/** The filters reports and the compliance grid share: a range of due days, and a node, task type and department. */
export type Scope = Omit<ReportQuery, 'format'>;

/** Their names in the address, so a view can be shared. */
export const SCOPE_NAMES = {
  from: 'from',
  to: 'to',
  node_id: 'node',
  type_id: 'type',
  department_id: 'department',
} as const satisfies Record<keyof Scope, string>;

/** The scope these parameters name; the days of `fallback` when they name none. */
export const scopeOf = (params: URLSearchParams, fallback: { from: string; to: string }): Scope => ({
  from: dayParam(params.get(SCOPE_NAMES.from)) ?? fallback.from,
  to: dayParam(params.get(SCOPE_NAMES.to)) ?? fallback.to,
  node_id: positiveParam(params.get(SCOPE_NAMES.node_id)),
  type_id: positiveParam(params.get(SCOPE_NAMES.type_id)),
  department_id: positiveParam(params.get(SCOPE_NAMES.department_id)),
});

/** The days of `preset` as of today, in the session's time zone and week (the range when the address names none). */
export function useDefaultRange(preset: RangePreset) {
  const { today } = useZonedTime();
  const weekStart = useSessionUser()?.settings.week_starting_day ?? 1;
  const todayKey = today();
  return useMemo(() => rangeOf(preset, todayKey, weekStart), [preset, todayKey, weekStart]);
}
