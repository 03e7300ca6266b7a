import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { Progress } from '../../../contract/api/tasks';

/**
 * Done, overdue and the rest of a task's assignments as one stacked bar with the counts in words,
 * so the colours never carry the meaning alone.
 */
export function TaskProgressBar({
  progress,
  width = '100%',
}: {
  progress: Progress;
  width?: number | string;
}) {
  const translate = useTranslate();
  const { assigned, done, overdue } = progress;
  if (assigned === 0)
    return (
      <Typography variant="caption" color="text.secondary">
        {translate('tasks.progress.none')}
      </Typography>
    );
  const pct = (n: number) => `${Math.min(100, (n / assigned) * 100)}%`;
  const label = translate('tasks.progress.label', { done, assigned });
  const late = overdue > 0 ? translate('tasks.progress.overdue', { smart_count: overdue }) : '';
  return (
    <Box sx={{ width, minWidth: 120 }}>
      <Box
        role="meter"
        aria-valuemin={0}
        aria-valuemax={assigned}
        aria-valuenow={done}
        aria-label={late ? `${label}, ${late}` : label}
        sx={{ display: 'flex', height: 8, borderRadius: 4, overflow: 'hidden', bgcolor: 'action.hover' }}
      >
        <Box sx={{ width: pct(done), bgcolor: 'success.main' }} />
        <Box sx={{ width: pct(overdue), bgcolor: 'error.main' }} />
      </Box>
      <Typography variant="caption" color="text.secondary" component="div" sx={{ mt: 0.25 }}>
        {label}
        {late && (
          <Typography component="span" variant="caption" color="error.main">
            {` · ${late}`}
          </Typography>
        )}
      </Typography>
    </Box>
  );
}
