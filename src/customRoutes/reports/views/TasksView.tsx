import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { useTranslate } from 'react-admin';
import type { CompletionFirstTimeReport } from '../../../../contract/api/reports';
import { ChartBox } from '../ChartBox';
import { chartPercent } from '../format';
import { MetricsTable } from '../MetricsTable';
import { ReportPanel } from '../ReportPanel';

const CHARTED = 15;

/** Completion and first time right per task, the weakest first, with the stores holding each back. */
export function TasksView({ data }: { data: CompletionFirstTimeReport }) {
  const translate = useTranslate();
  const charted = data.rows.slice(0, CHARTED);
  return (
    <ReportPanel title={translate('reports.weakest_tasks', { smart_count: charted.length })}>
      <ChartBox
        height={Math.max(200, charted.length * 36 + 60)}
        label={translate('reports.weakest_tasks', { smart_count: charted.length })}
      >
        <BarChart
          layout="horizontal"
          dataset={charted.map((r) => ({
            name: r.name,
            completion: chartPercent(r.completion_rate),
            ftr: chartPercent(r.first_time_right_rate),
          }))}
          yAxis={[{ scaleType: 'band', dataKey: 'name', width: 160 }]}
          xAxis={[{ min: 0, max: 100, valueFormatter: (v: number) => `${v}%` }]}
          series={[
            { dataKey: 'completion', label: translate('reports.metrics.completion_rate') },
            { dataKey: 'ftr', label: translate('reports.metrics.first_time_right_rate') },
          ]}
        />
      </ChartBox>
      <MetricsTable
        nameLabel={translate('reports.task')}
        lines={data.rows.map((r) => ({
          key: r.id,
          label: (
            <>
              {r.name}
              {r.worst.length > 0 && (
                <Typography variant="caption" color="text.secondary" component="div">
                  {translate('reports.lowest_at', { names: r.worst.map((w) => w.name).join(', ') })}
                </Typography>
              )}
            </>
          ),
          ...r,
        }))}
      />
    </ReportPanel>
  );
}
