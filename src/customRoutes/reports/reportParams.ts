import { useCallback, useMemo } from 'react';
import { SCOPE_NAMES, type Scope, scopeOf, useDefaultRange } from '../../hooks/scopeParams';
import { useSearchParamsEditor } from '../../hooks/useAddressParams';

/**
 * A report's filters live in the address (the last 30 days by default), so a report can be shared.
 * Besides the query as rendered, `latest` reads the one the address holds now, which a click acts
 * on: a range just typed may not have been rendered yet.
 */
export function useReportParams() {
  const [searchParams, editSearchParams, latestParams] = useSearchParamsEditor();
  const fallback = useDefaultRange('last_30_days');
  const query = useMemo(() => scopeOf(searchParams, fallback), [searchParams, fallback]);
  const latest = useCallback(() => scopeOf(latestParams(), fallback), [latestParams, fallback]);
  const update = useCallback(
    (changes: Partial<Scope>) =>
      editSearchParams((next) => {
        for (const [key, value] of Object.entries(changes) as [keyof Scope, unknown][]) {
          if (value === undefined) next.delete(SCOPE_NAMES[key]);
          else next.set(SCOPE_NAMES[key], String(value));
        }
      }),
    [editSearchParams],
  );
  return [query, update, latest] as const;
}
