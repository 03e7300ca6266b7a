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

/** The report's query in these parameters (the last 30 days when they name no range). */
function queryOf(params: URLSearchParams, todayKey: string, weekStart: number): ReportQuery {
  const fallback = rangeOf('last_30_days', todayKey, weekStart);
  return {
    from: dayParam(params.get('from')) ?? fallback.from,
    to: dayParam(params.get('to')) ?? fallback.to,
    node_id: positive(params.get('node')),
    type_id: positive(params.get('type')),
    department_id: positive(params.get('department')),
  };
}

/**
 * A report's filters live in the address (the last 30 days by default), so a report can be shared.
 * Besides the query as rendered, `latest` reads the one the address holds now, which a click acts
 * on: a range just typed may not have been rendered yet.
 */
export function useReportParams() {
  const [searchParams, editSearchParams, latestParams] = useSearchParamsEditor();
  const { today } = useZonedTime();
  const weekStart = useSessionUser()?.settings.week_starting_day ?? 1;
  const todayKey = today();
  const query = useMemo(
    () => queryOf(searchParams, todayKey, weekStart),
    [searchParams, todayKey, weekStart],
  );
  const latest = useCallback(
    () => queryOf(latestParams(), todayKey, weekStart),
    [latestParams, todayKey, weekStart],
  );
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
  return [query, update, latest] as const;
}
