import type { ActivityExportQuery, ActivityList, ActivityListQuery } from '../../../contract/api/activity';
import { apiFetch } from '../httpClient';

/** The administration log (issue 32). */
export const activityMethods = {
  getActivity: (query: Partial<ActivityListQuery>) => apiFetch<ActivityList>('/api/activity/list', { query }),

  /** The filtered log as the file to save (CSV or XLSX). */
  downloadActivity: (query: Partial<ActivityExportQuery>, format: 'csv' | 'xlsx') =>
    apiFetch<File>('/api/activity/export', { query: { ...query, format }, responseType: 'file' }),
};
