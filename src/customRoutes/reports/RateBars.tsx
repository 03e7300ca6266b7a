import { BarChart } from '@mui/x-charts/BarChart';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import type { Metrics } from '../../../contract/api/reports';
import { chartPercent } from './format';

type RatedRow = { name: string } & Pick<Metrics, 'completion_rate' | 'first_time_right_rate'>;

const rateAxis = { min: 0, max: 100, valueFormatter: (v: number) => `${v}%` };
const tooltipPercent = (v: number | null) => (v === null ? '—' : `${v}%`);

/**
 * Completion and first time right side by side for each named row, in percent (a rate with
 * nothing to count stays a gap): upright bars, or bars across for a long list of names.
 */
export function RateBars({
  rows,
  across,
  percentTooltip,
  children,
}: {
  rows: readonly RatedRow[];
  /** Bars across, names down the side this wide. */
  across?: { nameWidth: number };
  /** The tooltip says the values with a percent sign (and a dash for no figure). */
  percentTooltip?: boolean;
  /** Drawn over the bars (a reference line). */
  children?: ReactNode;
}) {
  const translate = useTranslate();
  const formatted = percentTooltip ? { valueFormatter: tooltipPercent } : {};
  const names = { scaleType: 'band' as const, dataKey: 'name' };
  return (
    <BarChart
      {...(across && { layout: 'horizontal' as const })}
      dataset={rows.map((r) => ({
        name: r.name,
        completion: chartPercent(r.completion_rate),
        ftr: chartPercent(r.first_time_right_rate),
      }))}
      xAxis={[across ? rateAxis : names]}
      yAxis={[across ? { ...names, width: across.nameWidth } : rateAxis]}
      series={[
        { dataKey: 'completion', label: translate('reports.metrics.completion_rate'), ...formatted },
        { dataKey: 'ftr', label: translate('reports.metrics.first_time_right_rate'), ...formatted },
      ]}
    >
      {children}
    </BarChart>
  );
}
