import { useCallback, useMemo } from 'react';
import { INSPECTION_STATUSES, type InspectionStatus } from '../../../contract/api/inspections';
import { dayParam, positiveParam, useSearchParamsEditor } from '../../hooks/useAddressParams';
import type { ListQuery } from './inspectionApi';

/** The list's filters, kept in the address so a reload or a shared link opens the same view. */
export interface InspectionParams {
  template_id?: number;
  node_id?: number;
  inspector_id?: number;
  status?: InspectionStatus;
  from?: string;
  to?: string;
  min_score?: number;
  max_score?: number;
  page: number;
}

const KEYS = [
  'template_id',
  'node_id',
  'inspector_id',
  'status',
  'from',
  'to',
  'min_score',
  'max_score',
  'page',
] as const satisfies readonly (keyof InspectionParams)[];

/** A percentage bound from the address (0 to 100), else undefined. */
function percentParam(value: string | null): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 && n <= 100 ? n : undefined;
}

export function useInspectionParams() {
  const [searchParams, edit] = useSearchParamsEditor();
  const params = useMemo<InspectionParams>(() => {
    const status = searchParams.get('status') as InspectionStatus | null;
    return {
      template_id: positiveParam(searchParams.get('template_id')),
      node_id: positiveParam(searchParams.get('node_id')),
      inspector_id: positiveParam(searchParams.get('inspector_id')),
      status: status && INSPECTION_STATUSES.includes(status) ? status : undefined,
      from: dayParam(searchParams.get('from')),
      to: dayParam(searchParams.get('to')),
      min_score: percentParam(searchParams.get('min_score')),
      max_score: percentParam(searchParams.get('max_score')),
      page: positiveParam(searchParams.get('page')) ?? 1,
    };
  }, [searchParams]);

  const update = useCallback(
    (changes: Partial<InspectionParams>) =>
      edit((next) => {
        for (const key of KEYS) {
          if (!(key in changes)) continue;
          const value = changes[key];
          if (value === undefined || (key === 'page' && value === 1)) next.delete(key);
          else next.set(key, String(value));
        }
        // A new filter starts from the first page.
        if (!('page' in changes)) next.delete('page');
      }),
    [edit],
  );
  return [params, update] as const;
}

export const PER_PAGE = 25;

/** The list query the API takes, from the address; newest first. */
export const listQuery = ({ page, ...filters }: InspectionParams): ListQuery => ({
  ...filters,
  page,
  per_page: PER_PAGE,
  sort: 'started_at',
  order: 'desc',
});
