import { useCallback, useMemo } from 'react';
import type { ComplianceQuery } from '../../../contract/api/compliance';
import { dayParam, positiveParam as positive, useSearchParamsEditor } from '../../hooks/useAddressParams';
import { useSessionUser } from '../../hooks/useSession';
import { useZonedTime } from '../../hooks/useZonedTime';
import { rangeOf } from '../../providers/dateRanges';

export interface ComplianceParams extends ComplianceQuery {
  /** The assignment whose evidence is open. */
  assignment: number | undefined;
}

/** The grid's filters live in the address (this week by default), so a view can be shared. */
export function useComplianceParams() {
  const [searchParams, editSearchParams] = useSearchParamsEditor();
  const { today } = useZonedTime();
  const weekStart = useSessionUser()?.settings.week_starting_day ?? 1;
  const todayKey = today();
  const params = useMemo<ComplianceParams>(() => {
    const week = rangeOf('this_week', todayKey, weekStart);
    return {
      from: dayParam(searchParams.get('from')) ?? week.from,
      to: dayParam(searchParams.get('to')) ?? week.to,
      node_id: positive(searchParams.get('node')),
      type_id: positive(searchParams.get('type')),
      department_id: positive(searchParams.get('department')),
      exceptions: searchParams.get('exceptions') === '1' ? true : undefined,
      group: searchParams.get('group') === 'area' ? 'area' : 'store',
      assignment: positive(searchParams.get('assignment')),
    };
  }, [searchParams, todayKey, weekStart]);

  const update = useCallback(
    (changes: Partial<ComplianceParams>) =>
      editSearchParams((next) => {
        const names: Record<keyof ComplianceParams, string> = {
          from: 'from',
          to: 'to',
          node_id: 'node',
          type_id: 'type',
          department_id: 'department',
          exceptions: 'exceptions',
          group: 'group',
          assignment: 'assignment',
        };
        for (const [key, value] of Object.entries(changes) as [keyof ComplianceParams, unknown][]) {
          const name = names[key];
          if (value === undefined || value === false || value === 'store') next.delete(name);
          else next.set(name, value === true ? '1' : String(value));
        }
      }),
    [editSearchParams],
  );
  return [params, update] as const;
}

export const gridQuery = ({ assignment: _, ...query }: ComplianceParams): ComplianceQuery => query;
