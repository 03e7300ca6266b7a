import { useCallback, useMemo } from 'react';
import { SCOPE_NAMES, type Scope, scopeOf, useDefaultRange } from '../../hooks/scopeParams';
import { positiveParam, useSearchParamsEditor } from '../../hooks/useAddressParams';

/** The inspection reports' filters: a range and a place as the task reports, and a form template. */
export type InspectionScope = Pick<Scope, 'from' | 'to' | 'node_id'> & { template_id?: number };

const NAMES = {
  from: SCOPE_NAMES.from,
  to: SCOPE_NAMES.to,
  node_id: SCOPE_NAMES.node_id,
  template_id: 'template',
};

/**
 * The inspection reports' filters in the address (the last 30 days by default), kept from one of
 * their tabs to the other; `latest` reads what the address holds now, as useReportParams does.
 */
export function useInspectionReportParams() {
  const [searchParams, editSearchParams, latestParams] = useSearchParamsEditor();
  const fallback = useDefaultRange('last_30_days');
  const read = useCallback(
    (params: URLSearchParams): InspectionScope => {
      const { from, to, node_id } = scopeOf(params, fallback);
      return { from, to, node_id, template_id: positiveParam(params.get(NAMES.template_id)) };
    },
    [fallback],
  );
  const query = useMemo(() => read(searchParams), [read, searchParams]);
  const latest = useCallback(() => read(latestParams()), [read, latestParams]);
  const update = useCallback(
    (changes: Partial<InspectionScope>) =>
      editSearchParams((next) => {
        for (const [key, value] of Object.entries(changes) as [keyof InspectionScope, unknown][]) {
          if (value === undefined) next.delete(NAMES[key]);
          else next.set(NAMES[key], String(value));
        }
      }),
    [editSearchParams],
  );
  return [query, update, latest] as const;
}

/** The query of an inspection report's call: what is set, nothing undefined. */
export const inspectionQuery = ({ from, to, node_id, template_id }: InspectionScope) => ({
  from,
  to,
  ...(node_id === undefined ? {} : { node_id }),
  ...(template_id === undefined ? {} : { template_id }),
});
