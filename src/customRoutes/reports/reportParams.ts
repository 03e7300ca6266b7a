import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ReportQuery } from '../../../contract/api/reports';
import { useSessionUser } from '../../hooks/useSession';
import { useZonedTime } from '../../hooks/useZonedTime';
import { rangeOf } from '../../providers/dateRanges';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const positive = (value: string | null) => {
  const n = Number(value);
  return value && Number.isInteger(n) && n > 0 ? n : undefined;
};
const NAMES = {
  from: 'from',
  to: 'to',
  node_id: 'node',
  type_id: 'type',
  department_id: 'department',
} as const;

/** A report's filters live in the address (the last 30 days by default), so a report can be shared. */
export function useReportParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const { today } = useZonedTime();
  const weekStart = useSessionUser()?.settings.week_starting_day ?? 1;
  const todayKey = today();
  const query = useMemo<ReportQuery>(() => {
    const fallback = rangeOf('last_30_days', todayKey, weekStart);
    const from = searchParams.get('from');
    const to = searchParams.get('to');
    return {
      from: from && DAY.test(from) ? from : fallback.from,
      to: to && DAY.test(to) ? to : fallback.to,
      node_id: positive(searchParams.get('node')),
      type_id: positive(searchParams.get('type')),
      department_id: positive(searchParams.get('department')),
    };
  }, [searchParams, todayKey, weekStart]);
  const update = useCallback(
    (changes: Partial<Omit<ReportQuery, 'format'>>) =>
      setSearchParams((current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes) as [keyof typeof NAMES, unknown][]) {
          if (value === undefined) next.delete(NAMES[key]);
          else next.set(NAMES[key], String(value));
        }
        return next;
      }),
    [setSearchParams],
  );
  return [query, update] as const;
}
