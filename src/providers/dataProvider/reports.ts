import type { InspectionScores, InspectionScoresQuery } from '../../../contract/api/inspections';
import type { DashboardSummary, ReportName, ReportQuery } from '../../../contract/api/reports';
import { apiFetch } from '../httpClient';

/** The reports and the dashboard (issue 13). */
export const reportMethods = {
  /** GET /api/report/<name>: the report's JSON (its type follows the name; see contract/api/reports.ts). */
  getReport: <T>(name: ReportName, query: ReportQuery) =>
    apiFetch<T>(`/api/report/${name}`, { query: { ...query, format: undefined } }),

  /** The same report as the file the screen's table is made of. */
  downloadReport: (name: ReportName, query: ReportQuery, format: 'csv' | 'xlsx') =>
    apiFetch<File>(`/api/report/${name}`, { query: { ...query, format }, responseType: 'file' }),

  /** GET /api/inspection/scores: inspection scores of a place over a range (issue 48). */
  getInspectionScores: (query: InspectionScoresQuery) =>
    apiFetch<InspectionScores>('/api/inspection/scores', { query: { ...query, format: undefined } }),

  /** The same scores' table as a file. */
  downloadInspectionScores: (query: InspectionScoresQuery, format: 'csv' | 'xlsx') =>
    apiFetch<File>('/api/inspection/scores', { query: { ...query, format }, responseType: 'file' }),

  getDashboard: (today: string) => apiFetch<DashboardSummary>('/api/dashboard/summary', { query: { today } }),
};
