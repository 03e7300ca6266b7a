import type { FormTemplatePage } from '../../../contract/api/forms';
import type {
  Inspection,
  InspectionCreateBody,
  InspectionFinishBody,
  InspectionListQuery,
  InspectionPage,
  InspectionRecurring,
  InspectionRecurringQuery,
} from '../../../contract/api/inspections';
import type { Answer } from '../../../contract/forms';
import { apiFetch } from '../../providers/httpClient';

/*
 * The calls of contract/api/inspections.ts. They live beside the screens, not in the shared data
 * provider: only these screens make them, and two modules written side by side then edit no
 * common file. Errors are the http client's ApiError like any other call's.
 */

export type ListQuery = Partial<Omit<InspectionListQuery, 'format'>>;

export const inspectionApi = {
  list: (query: ListQuery) => apiFetch<InspectionPage>('/api/inspection/list', { query: { ...query } }),

  /** The same list as a file (format csv or xlsx), named as the server names it. */
  export: (query: ListQuery, format: 'csv' | 'xlsx') =>
    apiFetch<File>('/api/inspection/list', { query: { ...query, format }, responseType: 'file' }),

  get: (id: number) => apiFetch<Inspection>('/api/inspection/get', { query: { id } }),

  create: (body: InspectionCreateBody) =>
    apiFetch<Inspection>('/api/inspection/create', { method: 'POST', body }),

  /** One question's answer; the last one sent wins, so a repeat is harmless. */
  answer: (id: number, questionId: string, answer: Answer) =>
    apiFetch<Inspection>('/api/inspection/answer', {
      method: 'PUT',
      body: { id, question_id: questionId, answer },
    }),

  finish: (body: InspectionFinishBody) =>
    apiFetch<Inspection>('/api/inspection/finish', { method: 'PUT', body }),

  remove: (id: number) => apiFetch<unknown>('/api/inspection/delete', { method: 'DELETE', query: { id } }),

  /** The finished inspection's report as a PDF file. */
  report: (id: number) => apiFetch<File>('/api/inspection/report', { query: { id }, responseType: 'file' }),

  /** The questions that failed most often in a place over a range (issue 49's recurring failures). */
  recurring: (query: Omit<InspectionRecurringQuery, 'format'>) =>
    apiFetch<InspectionRecurring>('/api/inspection/recurring', { query: { ...query } }),

  /** The same table as a file. */
  exportRecurring: (query: Omit<InspectionRecurringQuery, 'format'>, format: 'csv' | 'xlsx') =>
    apiFetch<File>('/api/inspection/recurring', { query: { ...query, format }, responseType: 'file' }),

  /** Templates by name: the active ones an inspection can be started with, or all (a filter's). */
  templates: (status: 'active' | 'all') =>
    apiFetch<FormTemplatePage>('/api/form-template/list', {
      query: { status, per_page: 200, sort: 'name', order: 'asc' },
    }),
};

export const INSPECTIONS_KEY = 'inspections';
