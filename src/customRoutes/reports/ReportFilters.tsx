import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import type { ReportQuery } from '../../../contract/api/reports';
import { ScopeFilters } from '../../components/ScopeFilters';

/** Every report's filters, and the download of what the table shows. */
export function ReportFilters({
  query,
  update,
  onDownload,
  taskFilters,
  children,
}: {
  query: ReportQuery;
  update: (changes: Partial<Omit<ReportQuery, 'format'>>) => void;
  onDownload: (format: 'csv' | 'xlsx') => void;
  /** False on figures that are not of tasks (inspection scores). */
  taskFilters?: boolean;
  /** More filters of the report's own, after the place (an inspection template). */
  children?: ReactNode;
}) {
  return (
    <ScopeFilters value={query} onChange={update} taskFilters={taskFilters}>
      {children}
      <Box sx={{ flex: 1 }} />
      <Button size="small" startIcon={<DownloadIcon />} onClick={() => onDownload('csv')}>
        CSV
      </Button>
      <Button size="small" startIcon={<DownloadIcon />} onClick={() => onDownload('xlsx')}>
        XLSX
      </Button>
    </ScopeFilters>
  );
}
