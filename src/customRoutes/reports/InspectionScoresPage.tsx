import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Title, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { RetryAlert } from '../../components/LoadFailure';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import type { AppDataProvider } from '../../providers/dataProvider';
import { saveFile } from '../../providers/saveFile';
import type { PageProps } from '../../routing/types';
import { InspectionTemplateFilter } from './InspectionTemplateFilter';
import { inspectionQuery, useInspectionReportParams } from './inspectionReportParams';
import { ReportFilters } from './ReportFilters';
import { ReportTabs } from './ReportTabs';
import { InspectionScoresView } from './views/InspectionScoresView';

/**
 * Inspection scores of a place (issue 48): the same filters as the task reports (range and place;
 * type and department do not apply) and a form template; the weekly average and the level below,
 * with the table as a file.
 */
export default function InspectionScoresPage({ title }: PageProps) {
  useDocumentTitle(title);
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [query, update, latestQuery] = useInspectionReportParams();
  const scores = useQuery({
    queryKey: ['report', 'inspections', query.from, query.to, query.node_id, query.template_id],
    queryFn: () => dataProvider.getInspectionScores(inspectionQuery(query)),
    placeholderData: keepPreviousData,
  });
  const download = async (format: 'csv' | 'xlsx') => {
    try {
      saveFile(await dataProvider.downloadInspectionScores(inspectionQuery(latestQuery()), format));
    } catch (error) {
      notify(error instanceof Error ? error.message : 'reports.download_failed', { type: 'error' });
    }
  };
  const data = scores.data;
  return (
    <Box sx={{ py: { xs: 1.5, sm: 2 }, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Title title={title} />
      <Stack spacing={2} sx={{ minWidth: 0 }}>
        <ReportTabs value="inspections" />
        <ReportFilters query={query} update={update} onDownload={download} taskFilters={false}>
          <InspectionTemplateFilter
            value={query.template_id}
            onChange={(id) => update({ template_id: id })}
          />
        </ReportFilters>
        {scores.isFetching && <LinearProgress />}
        {scores.error != null && <RetryAlert error={scores.error} onRetry={() => scores.refetch()} />}
        {data !== undefined && data.totals.inspections === 0 && (
          <Alert severity="info" data-testid="report-empty">
            {translate('reports.inspection_scores.empty')}
          </Alert>
        )}
        {data !== undefined && data.totals.inspections > 0 && (
          <InspectionScoresView
            data={data}
            onOpen={(id) => {
              const row = data.by_child.find((r) => r.id === id);
              if (row?.type === 'container') update({ node_id: id });
            }}
          />
        )}
      </Stack>
    </Box>
  );
}
