import { useCallback, useMemo } from 'react';
import { dayParam, positiveParam as positiveInt, useSearchParamsEditor } from '../../hooks/useAddressParams';

export type MyTasksView = 'day' | 'week';

interface MyTasksParams {
  view: MyTasksView;
  /** The day shown (YYYY-MM-DD), today in the session's zone when the address has none. */
  day: string;
  department: number | undefined;
  search: string;
  /** The assignment whose drawer is open. */
  assignment: number | undefined;
}

/**
 * My Tasks keeps what it shows in the address (?view, date, department, q, assignment), so the
 * back button closes the drawer, a reload keeps the day, and the urgent modal can link a task.
 */
export function useMyTasksParams(today: string) {
  const [searchParams, editSearchParams] = useSearchParamsEditor();
  const params = useMemo<MyTasksParams>(() => {
    const date = searchParams.get('date');
    return {
      view: searchParams.get('view') === 'week' ? 'week' : 'day',
      day: dayParam(date) ?? today,
      department: positiveInt(searchParams.get('department')),
      search: searchParams.get('q') ?? '',
      assignment: positiveInt(searchParams.get('assignment')),
    };
  }, [searchParams, today]);

  const update = useCallback(
    (changes: Partial<MyTasksParams>, options: { replace?: boolean } = {}) => {
      editSearchParams(
        (next) => {
          const set = (key: string, value: string | number | undefined) => {
            if (value === undefined || value === '') next.delete(key);
            else next.set(key, String(value));
          };
          if ('view' in changes) set('view', changes.view === 'week' ? 'week' : undefined);
          if ('day' in changes) set('date', changes.day === today ? undefined : changes.day);
          if ('department' in changes) set('department', changes.department);
          if ('search' in changes) set('q', changes.search);
          if ('assignment' in changes) set('assignment', changes.assignment);
        },
        { replace: options.replace },
      );
    },
    [editSearchParams, today],
  );
  return [params, update] as const;
}
