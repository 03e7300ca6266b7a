import { LineChart } from '@mui/x-charts/LineChart';
import { useTranslate } from 'react-admin';
import type { TrendReport } from '../../../../contract/api/reports';
import { useZonedTime } from '../../../hooks/useZonedTime';
import { chartPercent } from '../format';
import { MetricsTable } from '../MetricsTable';
import { ReportPanel } from '../ReportPanel';

/** Both rates week by week, with the same number of weeks just before as dashed lines. */
export function TrendView({ data }: { data: TrendReport }) {
  const translate = useTranslate();
  const { day } = useZonedTime();
  const weeks = data.weeks.map((w) => day(w.week));
  return (
    <ReportPanel
      title={translate('reports.trend_title')}
      chart={{
        height: 320,
        drawing: (
          <LineChart
            xAxis={[{ scaleType: 'point', data: weeks }]}
            yAxis={[{ min: 0, max: 100, valueFormatter: (v: number) => `${v}%` }]}
            series={[
              {
                data: data.weeks.map((w) => chartPercent(w.completion_rate)),
                label: translate('reports.metrics.completion_rate'),
                color: '#1565c0',
                connectNulls: true,
              },
              {
                data: data.weeks.map((w) => chartPercent(w.first_time_right_rate)),
                label: translate('reports.metrics.first_time_right_rate'),
                color: '#2e7d32',
                connectNulls: true,
              },
              {
                id: 'previous-completion',
                data: data.previous.map((w) => chartPercent(w.completion_rate)),
                label: translate('reports.previous_completion'),
                color: '#90caf9',
                connectNulls: true,
              },
              {
                id: 'previous-ftr',
                data: data.previous.map((w) => chartPercent(w.first_time_right_rate)),
                label: translate('reports.previous_ftr'),
                color: '#a5d6a7',
                connectNulls: true,
              },
            ]}
            sx={{
              '& .MuiLineElement-series-previous-completion, & .MuiLineElement-series-previous-ftr': {
                strokeDasharray: '6 4',
              },
            }}
          />
        ),
      }}
    >
      <MetricsTable
        nameLabel={translate('reports.week_starting')}
        lines={data.weeks.map((w) => ({ key: w.week, label: day(w.week), ...w }))}
      />
    </ReportPanel>
  );
}
