import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { Inspection } from '../../../contract/api/inspections';
import type { InspectionScore } from '../../../contract/forms';
import { percentText, ScoreChip } from './ScoreChip';

/**
 * What stays in view while the inspector scrolls: where and with what, the live score (the same
 * scoreInspection the server keeps) and how many of the questions now shown are answered.
 */
export function RunnerHeader({
  inspection,
  score,
  answered,
  total,
  waiting,
}: {
  inspection: Inspection;
  score: InspectionScore;
  answered: number;
  total: number;
  /** Answers not yet with the server. */
  waiting: number;
}) {
  const translate = useTranslate();
  return (
    <Paper
      elevation={2}
      data-testid="runner-header"
      sx={{ position: 'sticky', top: { xs: 56, sm: 64 }, zIndex: 2, p: { xs: 1.5, sm: 2 } }}
    >
      <Stack spacing={1}>
        <Typography variant="body2" color="text.secondary" noWrap>
          {translate('inspections.runner.subtitle', {
            template: inspection.template.name,
            version: inspection.template.version,
            store: inspection.store.name,
          })}
        </Typography>
        <Stack direction="row" sx={{ gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="h6" component="p" data-testid="live-score">
            {translate('inspections.score.points', { points: score.points, max: score.max })}
            {' · '}
            {percentText(score.percentage, translate)}
          </Typography>
          <ScoreChip passed={score.passed} />
          {score.failed.length > 0 && (
            <Typography variant="body2" color="error">
              {translate('inspections.score.failed_items', { smart_count: score.failed.length })}
            </Typography>
          )}
        </Stack>
        <Stack direction="row" sx={{ gap: 1.5, alignItems: 'center' }}>
          <LinearProgress
            variant="determinate"
            value={total > 0 ? Math.round((answered / total) * 100) : 0}
            aria-label={translate('inspections.runner.progress_label')}
            sx={{ flex: 1, height: 8, borderRadius: 4 }}
          />
          <Typography variant="body2" data-testid="progress" sx={{ whiteSpace: 'nowrap' }}>
            {translate('inspections.runner.progress', { answered, total })}
          </Typography>
        </Stack>
        {waiting > 0 && (
          <Typography variant="body2" color="warning.main">
            {translate('inspections.runner.waiting', { smart_count: waiting })}
          </Typography>
        )}
      </Stack>
    </Paper>
  );
}
