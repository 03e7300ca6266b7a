import { useCallback, useMemo } from 'react';
import type { ReportQuery } from '../../../contract/api/reports';
import { dayParam, positiveParam as positive, useSearchParamsEditor } from '../../hooks/useAddressParams';
import { useSessionUser } from '../../hooks/useSession';
import { useZonedTime } from '../../hooks/useZonedTime';
import { rangeOf } from '../../providers/dateRanges';

const NAMES = {
  from: 'from',
  to: 'to',
  node_id: 'node',
  type_id: 'type',
  department_id: 'department',
} as const;

/** A report's filters live in the address (the last 30 days by default), so a report can be shared. */
export function useReportParams() {
  const [searchParams, editSearchParams] = useSearchParamsEditor();
  const { today } = useZonedTime();
  const weekStart = useSessionUser()?.settings.week_starting_day ?? 1;
  const todayKey = today();
  const query = useMemo<ReportQuery>(() => {
    const fallback = rangeOf('last_30_days', todayKey, weekStart);
    return {
      from: dayParam(searchParams.get('from')) ?? fallback.from,
      to: dayParam(searchParams.get('to')) ?? fallback.to,
      node_id: positive(searchParams.get('node')),
      type_id: positive(searchParams.get('type')),
      department_id: positive(searchParams.get('department')),
    };
  }, [searchParams, todayKey, weekStart]);
  const update = useCallback(
    (changes: Partial<Omit<ReportQuery, 'format'>>) =>
      editSearchParams((next) => {
        for (const [key, value] of Object.entries(changes) as [keyof typeof NAMES, unknown][]) {
          if (value === undefined) next.delete(NAMES[key]);
          else next.set(NAMES[key], String(value));
        }
      }),
    [editSearchParams],
  );
  return [query, update] as const;
}
