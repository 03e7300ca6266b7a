import type {
  ApproveBody,
  AuditQueueQuery,
  AuditStorePage,
  AuditSubmissionDetail,
  AuditSubmissionPage,
  AuditTaskPage,
  RejectBody,
  ReviewResult,
  SubmissionListQuery,
} from '../../../contract/api/audit';
import { apiFetch } from '../httpClient';

type Query<T> = { [K in keyof T]?: T[K] };

/** The audit calls (issue 12): the queues, one submission, and the decisions. */
export const auditMethods = {
  getAuditTasks: (query: Query<AuditQueueQuery>) =>
    apiFetch<AuditTaskPage>('/api/audit/task/list', { query: { ...query } }),

  getAuditStores: (query: Query<AuditQueueQuery>) =>
    apiFetch<AuditStorePage>('/api/audit/store/list', { query: { ...query } }),

  getAuditSubmissions: (query: Query<SubmissionListQuery>) =>
    apiFetch<AuditSubmissionPage>('/api/audit/submission/list', { query: { ...query } }),

  getAuditSubmission: (id: number) =>
    apiFetch<AuditSubmissionDetail>('/api/audit/submission/get', { query: { id } }),

  approveSubmissions: (body: ApproveBody) =>
    apiFetch<ReviewResult>('/api/audit/approve', { method: 'POST', body }),

  rejectSubmission: (body: RejectBody) =>
    apiFetch<ReviewResult>('/api/audit/reject', { method: 'POST', body }),
};
