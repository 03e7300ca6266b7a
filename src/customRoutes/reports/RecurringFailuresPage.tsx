import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Title, useNotify, useTranslate } from 'react-admin';
import { RetryAlert } from '../../components/LoadFailure';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { saveFile } from '../../providers/saveFile';
import type { PageProps } from '../../routing/types';
import { inspectionApi } from '../inspections/inspectionApi';
import { InspectionTemplateFilter } from './InspectionTemplateFilter';
import { inspectionQuery, useInspectionReportParams } from './inspectionReportParams';
import { ReportFilters } from './ReportFilters';
import { ReportTabs } from './ReportTabs';
import { RecurringFailuresView } from './views/RecurringFailuresView';

/**
 * Recurring failures (issue 49): the questions that failed most often in a place over a range,
 * with the scores' filters (range, place, template), each with where it failed most; the table as
 * a file.
 */
export default function RecurringFailuresPage({ title }: PageProps) {
  useDocumentTitle(title);
  const translate = useTranslate();
  const notify = useNotify();
  const [query, update, latestQuery] = useInspectionReportParams();
  const recurring = useQuery({
    queryKey: ['report', 'inspection-failures', query.from, query.to, query.node_id, query.template_id],
    queryFn: () => inspectionApi.recurring(inspectionQuery(query)),
    placeholderData: keepPreviousData,
  });
  const download = async (format: 'csv' | 'xlsx') => {
    try {
      saveFile(await inspectionApi.exportRecurring(inspectionQuery(latestQuery()), format));
    } catch (error) {
      notify(error instanceof Error ? error.message : 'reports.download_failed', { type: 'error' });
    }
  };
  const data = recurring.data;
  return (
    <Box sx={{ py: { xs: 1.5, sm: 2 }, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Title title={title} />
      <Stack spacing={2} sx={{ minWidth: 0 }}>
        <ReportTabs value="inspection-failures" />
        <ReportFilters query={query} update={update} onDownload={download} taskFilters={false}>
          <InspectionTemplateFilter
            value={query.template_id}
            onChange={(id) => update({ template_id: id })}
          />
        </ReportFilters>
        {recurring.isFetching && <LinearProgress />}
        {recurring.error != null && (
          <RetryAlert error={recurring.error} onRetry={() => recurring.refetch()} />
        )}
        {data !== undefined && data.data.length === 0 && (
          <Alert severity="info" data-testid="report-empty">
            {translate('inspections.recurring.empty')}
          </Alert>
        )}
        {data !== undefined && data.data.length > 0 && <RecurringFailuresView data={data} />}
      </Stack>
    </Box>
  );
}
