import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Title, useCanAccess, useDataProvider, useTranslate } from 'react-admin';
import { RetryAlert } from '../../components/LoadFailure';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { useZonedTime } from '../../hooks/useZonedTime';
import type { AppDataProvider } from '../../providers/dataProvider';
import type { PageProps } from '../../routing/types';
import { ActionFigures } from './ActionFigures';
import { Big, type CardLink, Compare, FigureCard } from './FigureCard';
import { StoreRanking } from './StoreRanking';
import { TrendChart } from './TrendChart';

/**
 * The first screen after signing in: the selected position's part of the organisation today and
 * this week, what needs attention now (each linking to where it is dealt with), the actions to
 * follow up (issue 49), and the trend.
 */
export default function DashboardPage({ title }: PageProps) {
  useDocumentTitle(title);
  const translate = useTranslate();
  const { today } = useZonedTime();
  const dataProvider = useDataProvider<AppDataProvider>();
  const todayKey = today();
  const { canAccess: canAudit } = useCanAccess({ resource: 'audit', action: 'read' });
  const { canAccess: canReport } = useCanAccess({ resource: 'report', action: 'read' });
  const { canAccess: readsActions } = useCanAccess({ resource: 'action', action: 'read' });
  // A card drawn from a report opens that report, for those who may read reports.
  const reportLink = (to: string): CardLink | undefined =>
    canReport ? { to, label: 'dashboard.open_report' } : undefined;
  const summary = useQuery({
    queryKey: ['dashboard', todayKey],
    queryFn: () => dataProvider.getDashboard(todayKey),
    refetchInterval: 5 * 60_000,
  });
  const data = summary.data;
  return (
    <Box sx={{ py: { xs: 1.5, sm: 2 }, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Title title={title} />
      {summary.error != null && <RetryAlert error={summary.error} onRetry={() => summary.refetch()} />}
      {!data && !summary.error && (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, 1fr)' },
          }}
        >
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} variant="rounded" height={120} />
          ))}
        </Box>
      )}
      {data && (
        <Stack spacing={2}>
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, 1fr)' },
            }}
          >
            <FigureCard
              title={translate('dashboard.today')}
              link={{ to: '/task', label: 'dashboard.open_my_tasks' }}
            >
              <Big>
                {data.today.done}/{data.today.due}
              </Big>
              <LinearProgress
                variant="determinate"
                aria-label={translate('dashboard.done_of_due')}
                value={data.today.due === 0 ? 0 : (data.today.done / data.today.due) * 100}
                sx={{ height: 6, borderRadius: 3 }}
              />
              <Typography variant="caption" color="text.secondary">
                {translate('dashboard.done_of_due')}
              </Typography>
            </FigureCard>
            <FigureCard title={translate('dashboard.completion_week')}>
              <Compare now={data.this_week.completion_rate} before={data.last_week.completion_rate} />
            </FigureCard>
            <FigureCard title={translate('dashboard.ftr_week')}>
              <Compare
                now={data.this_week.first_time_right_rate}
                before={data.last_week.first_time_right_rate}
              />
            </FigureCard>
            <FigureCard
              title={translate('dashboard.attention')}
              link={
                canAudit && data.waiting_review > 0
                  ? { to: '/audit/task', label: 'dashboard.review_now' }
                  : undefined
              }
            >
              <Stack spacing={0.5}>
                <Typography color={data.overdue > 0 ? 'error.main' : undefined}>
                  {translate('dashboard.overdue', { smart_count: data.overdue })}
                </Typography>
                <Typography color={data.urgent_open > 0 ? 'error.main' : undefined}>
                  {translate('dashboard.urgent', { smart_count: data.urgent_open })}
                </Typography>
                <Typography color={data.waiting_review > 0 ? 'warning.main' : undefined}>
                  {translate('dashboard.waiting', { smart_count: data.waiting_review })}
                </Typography>
                <Typography>{translate('dashboard.unread', { smart_count: data.unacknowledged })}</Typography>
              </Stack>
            </FigureCard>
          </Box>
          {readsActions && <ActionFigures />}
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              // Each card its own height: a long ranking does not stretch the chart's card.
              alignItems: 'start',
              gridTemplateColumns: { xs: '1fr', lg: data.stores.rows.length > 0 ? '2fr 1fr' : '1fr' },
            }}
          >
            <FigureCard
              title={translate('dashboard.trend')}
              link={reportLink('/report/completion-first-time-trend')}
            >
              <TrendChart weeks={data.trend} />
            </FigureCard>
            {data.stores.rows.length > 0 && (
              <FigureCard
                title={translate('dashboard.stores')}
                link={reportLink('/report/store-area-performance')}
              >
                <StoreRanking stores={data.stores} />
              </FigureCard>
            )}
          </Box>
        </Stack>
      )}
    </Box>
  );
}
