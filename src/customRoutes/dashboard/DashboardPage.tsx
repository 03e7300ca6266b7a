import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LineChart } from '@mui/x-charts/LineChart';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Title, useCanAccess, useDataProvider, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { MetricsRow } from '../../../contract/api/reports';
import { RetryAlert } from '../../components/LoadFailure';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { useZonedTime } from '../../hooks/useZonedTime';
import type { AppDataProvider } from '../../providers/dataProvider';
import type { PageProps } from '../../routing/types';
import { ChartBox } from '../reports/ChartBox';
import { chartPercent, percent } from '../reports/format';

/** Where a card's one button leads, and its words (an i18n key). */
type CardLink = { to: string; label: string };

function Card({ title, children, link }: { title: string; children: ReactNode; link?: CardLink }) {
  const translate = useTranslate();
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 0.5, minWidth: 0 }}
      component="section"
      aria-label={title}
    >
      <Typography variant="overline" color="text.secondary" sx={{ lineHeight: 1.6 }}>
        {title}
      </Typography>
      {children}
      {link && (
        <Box sx={{ mt: 'auto', pt: 1 }}>
          <Button component={Link} to={link.to} size="small">
            {translate(link.label)}
          </Button>
        </Box>
      )}
    </Paper>
  );
}

function Big({ children, colour }: { children: ReactNode; colour?: string }) {
  return (
    <Typography
      variant="h4"
      component="p"
      color={colour}
      sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 500 }}
    >
      {children}
    </Typography>
  );
}

/** This week's rate against last week's, with the change in points. */
function Compare({ now, before }: { now: number | null; before: number | null }) {
  const translate = useTranslate();
  if (now === null) return <Big>—</Big>;
  const change = before === null ? null : Math.round((now - before) * 100);
  return (
    <Stack direction="row" sx={{ alignItems: 'baseline', gap: 1 }}>
      <Big>{percent(now)}</Big>
      {change !== null && change !== 0 && (
        <Typography
          variant="body2"
          color={change > 0 ? 'success.main' : 'error.main'}
          sx={{ display: 'flex', alignItems: 'center' }}
        >
          {change > 0 ? <ArrowUpwardIcon fontSize="inherit" /> : <ArrowDownwardIcon fontSize="inherit" />}
          {translate('dashboard.points', { smart_count: Math.abs(change) })}
        </Typography>
      )}
      {before !== null && (
        <Typography variant="caption" color="text.secondary">
          {translate('dashboard.last_week', { value: percent(before) })}
        </Typography>
      )}
    </Stack>
  );
}

function Ranking({ rows }: { rows: readonly MetricsRow[] }) {
  return (
    <List dense disablePadding>
      {rows.map((r) => (
        <ListItem
          key={r.id}
          disableGutters
          secondaryAction={<Typography variant="body2">{percent(r.completion_rate)}</Typography>}
        >
          <ListItemText primary={r.name} secondary={`${r.done}/${r.assigned}`} />
        </ListItem>
      ))}
    </List>
  );
}

/**
 * The first screen after signing in: the selected position's part of the organisation today and
 * this week, what needs attention now (each linking to where it is dealt with), and the trend.
 */
export default function DashboardPage({ title }: PageProps) {
  useDocumentTitle(title);
  const translate = useTranslate();
  const { today, day } = useZonedTime();
  const dataProvider = useDataProvider<AppDataProvider>();
  const todayKey = today();
  const { canAccess: canAudit } = useCanAccess({ resource: 'audit', action: 'read' });
  const { canAccess: canReport } = useCanAccess({ resource: 'report', action: 'read' });
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
            <Card
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
            </Card>
            <Card title={translate('dashboard.completion_week')}>
              <Compare now={data.this_week.completion_rate} before={data.last_week.completion_rate} />
            </Card>
            <Card title={translate('dashboard.ftr_week')}>
              <Compare
                now={data.this_week.first_time_right_rate}
                before={data.last_week.first_time_right_rate}
              />
            </Card>
            <Card
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
            </Card>
          </Box>
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr', lg: data.best.length > 0 ? '2fr 1fr 1fr' : '1fr' },
            }}
          >
            <Card
              title={translate('dashboard.trend')}
              link={reportLink('/report/completion-first-time-trend')}
            >
              <ChartBox
                height={260}
                label={translate('dashboard.trend')}
                alternative="dashboard.chart_alternative"
              >
                <LineChart
                  xAxis={[{ scaleType: 'point', data: data.trend.map((w) => day(w.week)) }]}
                  yAxis={[{ min: 0, max: 100, valueFormatter: (v: number) => `${v}%` }]}
                  series={[
                    {
                      data: data.trend.map((w) => chartPercent(w.completion_rate)),
                      label: translate('reports.metrics.completion_rate'),
                      connectNulls: true,
                    },
                    {
                      data: data.trend.map((w) => chartPercent(w.first_time_right_rate)),
                      label: translate('reports.metrics.first_time_right_rate'),
                      connectNulls: true,
                    },
                  ]}
                />
              </ChartBox>
            </Card>
            {data.best.length > 0 && (
              <Card title={translate('dashboard.best')}>
                <Ranking rows={data.best} />
              </Card>
            )}
            {data.worst.length > 0 && (
              <Card title={translate('dashboard.worst')} link={reportLink('/report/store-area-performance')}>
                <Ranking rows={data.worst} />
              </Card>
            )}
          </Box>
        </Stack>
      )}
    </Box>
  );
}
