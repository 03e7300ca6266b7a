import { ChartsReferenceLine } from '@mui/x-charts/ChartsReferenceLine';
import { useTranslate } from 'react-admin';
import type { Metrics, MetricsRow } from '../../../../contract/api/reports';
import { chartPercent } from '../format';
import { MetricsTable } from '../MetricsTable';
import { RateBars } from '../RateBars';
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
    <ReportPanel
      title={title}
      chart={{
        height: 320,
        drawing: (
          <RateBars rows={rows}>
            {averageValue !== null && (
              <ChartsReferenceLine
                y={averageValue}
                label={translate('reports.average', { value: `${averageValue}%` })}
                lineStyle={{ strokeDasharray: '6 4', stroke: '#c62828' }}
                labelStyle={{ fontSize: 12, fill: '#c62828' }}
              />
            )}
          </RateBars>
        ),
      }}
    >
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
