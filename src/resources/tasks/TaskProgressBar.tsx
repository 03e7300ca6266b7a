import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { Progress } from '../../../contract/api/tasks';
import { useZonedTime } from '../../hooks/useZonedTime';
import { dayKeyIn, dayLabels } from '../../providers/zonedTime';

/**
 * Done, overdue and the rest of a task's occurrences due so far as one stacked bar with the counts
 * in words, so the colours never carry the meaning alone; the next one not yet due is named apart.
 */
export function TaskProgressBar({
  progress,
  width = '100%',
  zone,
}: {
  progress: Progress;
  width?: number | string;
  /** The zone whose calendar names the next occurrence's day (a store's own; else the viewer's). */
  zone?: string;
}) {
  const translate = useTranslate();
  const { dayOf, locale } = useZonedTime();
  const { assigned, done, overdue, next_due_at: nextDue } = progress;
  // Occurrences not due yet are not outstanding work: they show apart, as the next one's day.
  const next = nextDue
    ? translate('tasks.progress.next', {
        date: dayLabels(zone ? dayKeyIn(nextDue, zone) : dayOf(nextDue), locale).short,
      })
    : '';
  if (assigned === 0)
    return (
      <Typography variant="caption" color="text.secondary">
        {next || translate('tasks.progress.none')}
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
        {next && ` · ${next}`}
      </Typography>
    </Box>
  );
}
