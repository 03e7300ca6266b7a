import { useCallback, useMemo } from 'react';
import type { AuditQueueQuery, ReviewState } from '../../../contract/api/audit';
import {
  dayParam as day,
  positiveParam as positive,
  useSearchParamsEditor,
} from '../../hooks/useAddressParams';

export type AuditStatus = ReviewState | 'all';

/** What an audit page shows, kept in the address so a reload or a shared link opens the same view. */
export interface AuditParams {
  q: string;
  status: AuditStatus;
  type: number | undefined;
  department: number | undefined;
  node: number | undefined;
  from: string | undefined;
  to: string | undefined;
  page: number;
  /** The task or workspace whose submissions are open. */
  selected: number | undefined;
  /** The submission being reviewed. */
  submission: number | undefined;
}

const STATUSES: readonly AuditStatus[] = ['waiting', 'approved', 'rejected', 'all'];

const KEYS: Record<keyof AuditParams, string> = {
  q: 'q',
  status: 'status',
  type: 'type',
  department: 'department',
  node: 'node',
  from: 'from',
  to: 'to',
  page: 'page',
  selected: 'open',
  submission: 'submission',
};

export function useAuditParams() {
  const [searchParams, editSearchParams] = useSearchParamsEditor();
  const params = useMemo<AuditParams>(() => {
    const status = searchParams.get('status') as AuditStatus | null;
    return {
      q: searchParams.get('q') ?? '',
      status: status && STATUSES.includes(status) ? status : 'waiting',
      type: positive(searchParams.get('type')),
      department: positive(searchParams.get('department')),
      node: positive(searchParams.get('node')),
      from: day(searchParams.get('from')),
      to: day(searchParams.get('to')),
      page: positive(searchParams.get('page')) ?? 1,
      selected: positive(searchParams.get('open')),
      submission: positive(searchParams.get('submission')),
    };
  }, [searchParams]);

  const update = useCallback(
    (changes: Partial<AuditParams>) =>
      editSearchParams((next) => {
        for (const [key, value] of Object.entries(changes) as [keyof AuditParams, unknown][]) {
          const name = KEYS[key];
          const isDefault =
            value === undefined ||
            value === '' ||
            (key === 'status' && value === 'waiting') ||
            (key === 'page' && value === 1);
          if (isDefault) next.delete(name);
          else next.set(name, String(value));
        }
        // A new filter starts from the first page.
        if (!('page' in changes) && !('selected' in changes) && !('submission' in changes))
          next.delete('page');
      }),
    [editSearchParams],
  );
  return [params, update] as const;
}

/** The queue query the API takes, from the address. */
export function queueQuery(params: AuditParams, perPage: number): Partial<AuditQueueQuery> {
  return {
    page: params.page,
    per_page: perPage,
    q: params.q.trim() || undefined,
    status: params.status,
    type_id: params.type,
    department_id: params.department,
    node_id: params.node,
    from: params.from,
    to: params.to,
  };
}
