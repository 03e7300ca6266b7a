import type { ComplianceGrid, ComplianceQuery } from '../../../contract/api/compliance';
import { apiFetch } from '../httpClient';

/** The compliance grid (issue 12) and its download; completing from it is in mytasks.ts. */
export const complianceMethods = {
  getComplianceGrid: (query: ComplianceQuery) =>
    apiFetch<ComplianceGrid>('/api/compliance/grid', { query: { ...query } }),

  exportCompliance: (query: ComplianceQuery, format: 'csv' | 'xlsx') =>
    apiFetch<File>('/api/compliance/export', { query: { ...query, format }, responseType: 'file' }),
};
