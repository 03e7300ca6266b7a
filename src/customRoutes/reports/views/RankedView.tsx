import { BarChart } from '@mui/x-charts/BarChart';
import { ChartsReferenceLine } from '@mui/x-charts/ChartsReferenceLine';
import { useTranslate } from 'react-admin';
import type { Metrics, MetricsRow } from '../../../../contract/api/reports';
import { ChartBox } from '../ChartBox';
import { chartPercent } from '../format';
import { MetricsTable } from '../MetricsTable';
import { ReportPanel } from '../ReportPanel';

/**
 * Groups ranked by completion (areas, or stores against their area's average); a line opens the
 * group one level down when `onOpen` is given.
 */
export function RankedView({
  title,
  nameLabel,
  rows,
  average,
  onOpen,
}: {
  title: string;
  nameLabel: string;
  rows: readonly MetricsRow[];
  average?: Metrics;
  onOpen?: (id: number) => void;
}) {
  const translate = useTranslate();
  const averageValue = average ? chartPercent(average.completion_rate) : null;
  return (
    <ReportPanel title={title}>
      <ChartBox height={320} label={title}>
        <BarChart
          dataset={rows.map((r) => ({
            name: r.name,
            completion: chartPercent(r.completion_rate),
            ftr: chartPercent(r.first_time_right_rate),
          }))}
          xAxis={[{ scaleType: 'band', dataKey: 'name' }]}
          yAxis={[{ min: 0, max: 100, valueFormatter: (v: number) => `${v}%` }]}
          series={[
            { dataKey: 'completion', label: translate('reports.metrics.completion_rate') },
            { dataKey: 'ftr', label: translate('reports.metrics.first_time_right_rate') },
          ]}
        >
          {averageValue !== null && (
            <ChartsReferenceLine
              y={averageValue}
              label={translate('reports.average', { value: `${averageValue}%` })}
              lineStyle={{ strokeDasharray: '6 4', stroke: '#c62828' }}
              labelStyle={{ fontSize: 12, fill: '#c62828' }}
            />
          )}
        </BarChart>
      </ChartBox>
      <MetricsTable
        nameLabel={nameLabel}
        onOpen={onOpen ? (key) => onOpen(Number(key)) : undefined}
        lines={[
          ...rows.map((r) => ({ key: r.id, label: r.name, ...r })),
          ...(average ? [{ key: 'average', label: translate('reports.average_row'), ...average }] : []),
        ]}
      />
    </ReportPanel>
  );
}
