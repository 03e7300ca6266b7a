import Typography from '@mui/material/Typography';
import { LineChart } from '@mui/x-charts/LineChart';
import { useTranslate } from 'react-admin';
import type { TrendPoint } from '../../../contract/api/reports';
import { useZonedTime } from '../../hooks/useZonedTime';
import { ChartBox } from '../reports/ChartBox';
import { chartPercent } from '../reports/format';

/**
 * The last eight weeks at their places: a week with no work due is a gap in the lines (not a
 * line drawn across it as if it had been measured), and named under the chart.
 */
export function TrendChart({ weeks }: { weeks: readonly TrendPoint[] }) {
  const translate = useTranslate();
  const { day } = useZonedTime();
  const empty = weeks.filter((w) => w.assigned === 0).map((w) => day(w.week));
  return (
    <>
      <ChartBox height={260} label={translate('dashboard.trend')} alternative="dashboard.chart_alternative">
        <LineChart
          // Room for the last week's date, which was cut to "202…" at the chart's right edge.
          margin={{ right: 48 }}
          xAxis={[{ scaleType: 'point', data: weeks.map((w) => day(w.week)) }]}
          yAxis={[{ min: 0, max: 100, valueFormatter: (v: number) => `${v}%` }]}
          series={[
            {
              data: weeks.map((w) => chartPercent(w.completion_rate)),
              label: translate('reports.metrics.completion_rate'),
            },
            {
              data: weeks.map((w) => chartPercent(w.first_time_right_rate)),
              label: translate('reports.metrics.first_time_right_rate'),
            },
          ]}
        />
      </ChartBox>
      {empty.length > 0 && (
        <Typography variant="caption" color="text.secondary">
          {translate('dashboard.weeks_without_work', { smart_count: empty.length, weeks: empty.join(', ') })}
        </Typography>
      )}
    </>
  );
}
