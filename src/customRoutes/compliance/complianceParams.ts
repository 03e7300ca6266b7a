import { useCallback, useMemo } from 'react';
import type { ComplianceQuery } from '../../../contract/api/compliance';
import { SCOPE_NAMES, scopeOf, useDefaultRange } from '../../hooks/scopeParams';
import { positiveParam as positive, useSearchParamsEditor } from '../../hooks/useAddressParams';

export interface ComplianceParams extends ComplianceQuery {
  /** The assignment whose evidence is open. */
  assignment: number | undefined;
}

/** The grid's filters live in the address (this week by default), so a view can be shared. */
export function useComplianceParams() {
  const [searchParams, editSearchParams] = useSearchParamsEditor();
  const week = useDefaultRange('this_week');
  const params = useMemo<ComplianceParams>(
    () => ({
      ...scopeOf(searchParams, week),
      exceptions: searchParams.get('exceptions') === '1' ? true : undefined,
      group: searchParams.get('group') === 'area' ? 'area' : 'store',
      assignment: positive(searchParams.get('assignment')),
    }),
    [searchParams, week],
  );

  const update = useCallback(
    (changes: Partial<ComplianceParams>) =>
      editSearchParams((next) => {
        const names: Record<keyof ComplianceParams, string> = {
          ...SCOPE_NAMES,
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
