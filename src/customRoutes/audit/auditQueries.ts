import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type {
  AuditQueueQuery,
  AuditStorePage,
  AuditTaskPage,
  RejectBody,
  SubmissionListQuery,
} from '../../../contract/api/audit';
import type { AppDataProvider } from '../../providers/dataProvider';

export type AuditBy = 'task' | 'store';
const AUDIT_KEY = 'audit';

export function useAuditQueue(by: AuditBy, query: Partial<AuditQueueQuery>) {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery<AuditTaskPage | AuditStorePage>({
    queryKey: [AUDIT_KEY, by, query],
    queryFn: () => (by === 'task' ? dataProvider.getAuditTasks(query) : dataProvider.getAuditStores(query)),
    placeholderData: keepPreviousData,
  });
}

export function useAuditSubmissions(query: Partial<SubmissionListQuery>, enabled: boolean) {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery({
    queryKey: [AUDIT_KEY, 'submissions', query],
    queryFn: () => dataProvider.getAuditSubmissions(query),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useAuditSubmission(id: number | undefined) {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery({
    queryKey: [AUDIT_KEY, 'submission', id ?? null],
    queryFn: () => dataProvider.getAuditSubmission(id!),
    enabled: id !== undefined,
  });
}

/** Approving or rejecting changes every count on the page: the whole audit cache is refreshed. */
export function useReview() {
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const settle = () => queryClient.invalidateQueries({ queryKey: [AUDIT_KEY] });
  const approve = useMutation({
    mutationFn: (ids: number[]) => dataProvider.approveSubmissions({ ids }),
    onSettled: settle,
  });
  const reject = useMutation({
    mutationFn: (body: RejectBody) => dataProvider.rejectSubmission(body),
    onSettled: settle,
  });
  return { approve, reject };
}
