import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { CompletionFirstTimeReport } from '../../../../contract/api/reports';
import { MetricsTable } from '../MetricsTable';
import { RateBars } from '../RateBars';
import { barsAcrossHeight, ReportPanel } from '../ReportPanel';

const CHARTED = 15;

/** Completion and first time right per task, the weakest first, with the stores holding each back. */
export function TasksView({ data }: { data: CompletionFirstTimeReport }) {
  const translate = useTranslate();
  const charted = data.rows.slice(0, CHARTED);
  return (
    <ReportPanel
      title={translate('reports.weakest_tasks', { smart_count: charted.length })}
      chart={{
        height: barsAcrossHeight(charted.length, 36),
        drawing: <RateBars rows={charted} across={{ nameWidth: 160 }} />,
      }}
    >
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
