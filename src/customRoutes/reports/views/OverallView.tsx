import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { OverallReport } from '../../../../contract/api/reports';
import { percent } from '../format';
import { MetricsTable } from '../MetricsTable';
import { RateBars } from '../RateBars';
import { ReportPanel } from '../ReportPanel';

function Figure({
  label,
  value,
  tone,
}: {
  label: string;
  value: string | number;
  tone?: 'error' | 'warning';
}) {
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }}>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography
        variant="h5"
        component="p"
        color={tone ? `${tone}.main` : undefined}
        sx={{ fontVariantNumeric: 'tabular-nums' }}
      >
        {value}
      </Typography>
    </Paper>
  );
}

/** Overall: the headline figures, then completion and first time right by type and department. */
export function OverallView({ data }: { data: OverallReport }) {
  const translate = useTranslate();
  const t = data.totals;
  const groups = [...data.by_type, ...data.by_department.map((d) => ({ ...d, id: -d.id - 1 }))];
  return (
    <Stack spacing={2}>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(130px, 1fr))' }}>
        <Figure label={translate('reports.metrics.assigned')} value={t.assigned} />
        <Figure label={translate('reports.metrics.completion_rate')} value={percent(t.completion_rate)} />
        <Figure label={translate('reports.metrics.on_time_rate')} value={percent(t.on_time_rate)} />
        <Figure
          label={translate('reports.metrics.first_time_right_rate')}
          value={percent(t.first_time_right_rate)}
        />
        <Figure
          label={translate('reports.metrics.overdue')}
          value={t.overdue}
          tone={t.overdue > 0 ? 'error' : undefined}
        />
        <Figure label={translate('reports.metrics.expired')} value={t.expired} />
        <Figure label={translate('reports.metrics.cannot_do')} value={t.cannot_do} />
        <Figure
          label={translate('reports.metrics.waiting')}
          value={t.waiting}
          tone={t.waiting > 0 ? 'warning' : undefined}
        />
      </Box>
      <ReportPanel
        title={translate('reports.by_type_and_department')}
        chart={{ height: 300, drawing: <RateBars rows={groups} percentTooltip /> }}
      >
        <MetricsTable
          nameLabel={translate('reports.group')}
          lines={[
            { key: 'all', label: translate('reports.all_tasks'), ...data.totals },
            ...data.by_type.map((r) => ({ key: `type-${r.id}`, label: r.name, ...r })),
            ...data.by_department.map((r) => ({ key: `department-${r.id}`, label: r.name, ...r })),
          ]}
        />
      </ReportPanel>
    </Stack>
  );
}
