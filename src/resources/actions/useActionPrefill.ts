import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ActionCreateBody } from '../../../contract/api/actions';
import type { Inspection } from '../../../contract/api/inspections';
import { positiveParam } from '../../hooks/useAddressParams';
import { useZonedTime } from '../../hooks/useZonedTime';
import { addDays } from '../../providers/zonedTime';
import { actionApi } from './actionApi';

/** Where a new action comes from, as the address says it. */
export interface ActionOrigin {
  inspectionId?: number;
  questionId?: string;
  assignmentId?: number;
  storeId?: number;
}

/** A new action is due a week from today unless its author says otherwise. */
const DEFAULT_DAYS = 7;

/**
 * The new action's first values, from the address: `?inspection_id=&question_id=` (a failed item:
 * its question as the title, the inspection's store, which the server takes itself),
 * `?assignment_id=` (a task the store could not do or was sent back: the server takes its store),
 * `?store_id=`. While the inspection loads there are no values yet; one that cannot be read
 * leaves the author to fill the action in.
 */
export function useActionPrefill() {
  const [searchParams] = useSearchParams();
  const { today } = useZonedTime();
  const origin = useMemo<ActionOrigin>(
    () => ({
      inspectionId: positiveParam(searchParams.get('inspection_id')),
      questionId: searchParams.get('question_id') || undefined,
      assignmentId: positiveParam(searchParams.get('assignment_id')),
      storeId: positiveParam(searchParams.get('store_id')),
    }),
    [searchParams],
  );
  const fromItem = origin.inspectionId !== undefined && origin.questionId !== undefined;
  const inspection = useQuery({
    queryKey: ['actions', 'inspection', origin.inspectionId],
    queryFn: () => actionApi.inspection(origin.inspectionId!),
    enabled: fromItem,
    retry: false,
  });
  const item: Inspection['failed'][number] | undefined = inspection.data?.failed.find(
    (failed) => failed.question_id === origin.questionId,
  );
  const values = useMemo<Partial<ActionCreateBody>>(
    () => ({
      title: item?.prompt.slice(0, 200) ?? '',
      description: item?.answer.comment ?? '',
      priority: 'medium',
      due_date: addDays(today(), DEFAULT_DAYS),
      photos: [],
      assignee_id: null,
      ...(fromItem ? { inspection_id: origin.inspectionId, question_id: origin.questionId } : {}),
      ...(origin.assignmentId !== undefined ? { assignment_id: origin.assignmentId } : {}),
      ...(origin.storeId !== undefined && !fromItem && origin.assignmentId === undefined
        ? { store_id: origin.storeId }
        : {}),
    }),
    [item, fromItem, origin, today],
  );
  return {
    origin,
    fromItem,
    /** The failed item and its inspection, once read. */
    item,
    inspection: inspection.data,
    loading: fromItem && inspection.isPending,
    failed: fromItem && inspection.error != null,
    values,
  };
}
