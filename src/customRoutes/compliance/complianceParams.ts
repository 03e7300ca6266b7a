import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ComplianceQuery } from '../../../contract/api/compliance';
import { useSessionUser } from '../../hooks/useSession';
import { useZonedTime } from '../../hooks/useZonedTime';
import { rangeOf } from '../../providers/dateRanges';

export interface ComplianceParams extends ComplianceQuery {
  /** The assignment whose evidence is open. */
  assignment: number | undefined;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const positive = (value: string | null) => {
  const n = Number(value);
  return value && Number.isInteger(n) && n > 0 ? n : undefined;
};

/** The grid's filters live in the address (this week by default), so a view can be shared. */
export function useComplianceParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const { today } = useZonedTime();
  const weekStart = useSessionUser()?.settings.week_starting_day ?? 1;
  const todayKey = today();
  const params = useMemo<ComplianceParams>(() => {
    const week = rangeOf('this_week', todayKey, weekStart);
    const from = searchParams.get('from');
    const to = searchParams.get('to');
    return {
      from: from && DAY.test(from) ? from : week.from,
      to: to && DAY.test(to) ? to : week.to,
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
      setSearchParams((current) => {
        const next = new URLSearchParams(current);
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
        return next;
      }),
    [setSearchParams],
  );
  return [params, update] as const;
}

export const gridQuery = ({ assignment: _, ...query }: ComplianceParams): ComplianceQuery => query;
