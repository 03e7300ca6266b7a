import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Title, useDataProvider, useNotify, useTranslate } from 'react-admin';
import type {
  AreaReport,
  CompletionFirstTimeReport,
  OverallReport,
  ReportName,
  StoreReport,
  TeamReport,
  TrendReport,
} from '../../../contract/api/reports';
import { RetryAlert } from '../../components/LoadFailure';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import type { AppDataProvider } from '../../providers/dataProvider';
import { saveFile } from '../../providers/saveFile';
import { ReportFilters } from './ReportFilters';
import { ReportTabs } from './ReportTabs';
import { useReportParams } from './reportParams';
import { OverallView } from './views/OverallView';
import { RankedView } from './views/RankedView';
import { TasksView } from './views/TasksView';
import { TeamView } from './views/TeamView';
import { TrendView } from './views/TrendView';

const isEmpty = (name: ReportName, data: unknown): boolean => {
  switch (name) {
    case 'overall':
      return (data as OverallReport).totals.assigned === 0;
    case 'completion-first-time-trend':
      return (data as TrendReport).weeks.every((w) => w.assigned === 0);
    case 'completion-first-time':
    case 'state-area-performance':
    case 'store-area-performance':
    case 'team-member-performance':
      return (data as { rows: unknown[] }).rows.length === 0;
  }
};

/**
 * One of spec §2's reports: the shared filters (in the address), a chart and the table it is drawn
 * from, and that table as CSV or XLSX. Tabs move between the six reports keeping the filters.
 */
export function ReportPage({ title, name }: { title: string; name: ReportName }) {
  useDocumentTitle(title);
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [query, update, latestQuery] = useReportParams();
  const report = useQuery({
    queryKey: ['report', name, query],
    queryFn: () => dataProvider.getReport<unknown>(name, query),
    placeholderData: keepPreviousData,
  });
  // The range the fields show and the address holds, though the table may not be drawn for it yet.
  const download = async (format: 'csv' | 'xlsx') => {
    try {
      saveFile(await dataProvider.downloadReport(name, latestQuery(), format));
    } catch (error) {
      notify(error instanceof Error ? error.message : 'reports.download_failed', { type: 'error' });
    }
  };
  const data = report.data;
  return (
    // A one-column grid lets wide tables scroll inside the page instead of widening it.
    <Box sx={{ py: { xs: 1.5, sm: 2 }, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Title title={title} />
      <Stack spacing={2} sx={{ minWidth: 0 }}>
        <ReportTabs value={name} />
        <ReportFilters query={query} update={update} onDownload={download} />
        {report.isFetching && <LinearProgress />}
        {report.error != null && <RetryAlert error={report.error} onRetry={() => report.refetch()} />}
        {data !== undefined && isEmpty(name, data) && (
          <Alert severity="info" data-testid="report-empty">
            {translate('reports.empty')}
          </Alert>
        )}
        {data !== undefined && !isEmpty(name, data) && (
          <>
            {name === 'overall' && <OverallView data={data as OverallReport} />}
            {name === 'completion-first-time' && <TasksView data={data as CompletionFirstTimeReport} />}
            {name === 'completion-first-time-trend' && <TrendView data={data as TrendReport} />}
            {name === 'state-area-performance' && (
              <RankedView
                title={translate('reports.areas_of', { name: (data as AreaReport).node.name })}
                nameLabel={translate('reports.area')}
                rows={(data as AreaReport).rows}
                onOpen={(id) => {
                  const row = (data as AreaReport).rows.find((r) => r.id === id);
                  if (row?.type === 'container') update({ node_id: id });
                }}
              />
            )}
            {name === 'store-area-performance' && (
              <RankedView
                title={translate('reports.stores_of', { name: (data as StoreReport).node.name })}
                nameLabel={translate('reports.store')}
                rows={(data as StoreReport).rows}
                average={(data as StoreReport).average}
              />
            )}
            {name === 'team-member-performance' && <TeamView data={data as TeamReport} />}
          </>
        )}
      </Stack>
    </Box>
  );
}
