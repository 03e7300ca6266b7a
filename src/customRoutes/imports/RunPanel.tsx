import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import type {
  ImportCheckReport,
  ImportKind,
  ImportMode,
  ImportProgress,
} from '../../../contract/api/imports';
import { isUnderWay, useRunImport } from './importQueries';
import { RunOutcome } from './RunOutcome';

/** A queued or running import: the share done when the server can tell it, else a moving bar. */
function RunProgress({ run }: { run: ImportProgress }) {
  const translate = useTranslate();
  // On the embedded database the count arrives only at the end: the bar moves without a share.
  const measured = run.state === 'running' && run.total > 0 && run.processed > 0;
  const label =
    run.state === 'queued'
      ? translate('imports.run.queued')
      : measured
        ? translate('imports.run.running_count', { processed: run.processed, total: run.total })
        : translate('imports.run.running', { smart_count: run.total });
  return (
    <Box data-testid="import-progress">
      <Typography variant="body2" sx={{ mb: 0.5 }}>
        {label}
      </Typography>
      <LinearProgress
        variant={measured ? 'determinate' : 'indeterminate'}
        value={measured ? (run.processed / run.total) * 100 : undefined}
        aria-label={translate('imports.run.progress')}
      />
    </Box>
  );
}

/** The run modes as offered: all or nothing (the default) first. */
const MODES: readonly ImportMode[] = ['all', 'valid'];

/** A run mode's name and what it does. */
function ModeChoice({ mode }: { mode: ImportMode }) {
  const translate = useTranslate();
  return (
    <Box sx={{ py: 0.5 }}>
      <Typography variant="body2" sx={{ fontWeight: 500 }}>
        {translate(`imports.run.${mode}`)}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {translate(`imports.run.${mode}_hint`)}
      </Typography>
    </Box>
  );
}

/**
 * Runs the file: all or nothing (the default) or only the valid rows; for stores, whether to make
 * the containers the file names but the organisation lacks. Then the run's progress and outcome.
 */
export function RunPanel({
  kind,
  filename,
  report,
  run,
}: {
  kind: ImportKind;
  filename: string;
  report: ImportCheckReport;
  /** The file's latest run, followed while under way. */
  run: ImportProgress | undefined;
}) {
  const translate = useTranslate();
  const start = useRunImport(kind);
  const [mode, setMode] = useState<ImportMode>('all');
  const [createContainers, setCreateContainers] = useState(false);
  const underWay = isUnderWay(run) || start.isPending;
  const missing = kind === 'workspace' ? report.missing_containers : [];
  const title = translate('imports.run.title');

  const runIt = () =>
    start.mutate({
      filename,
      mode,
      ...(kind === 'workspace' ? { create_containers: createContainers } : {}),
    });

  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: 2 }}>
      <Stack spacing={1.5}>
        <Typography variant="subtitle1" component="h2">
          {title}
        </Typography>
        <RadioGroup
          value={mode}
          onChange={(event) => setMode(event.target.value as ImportMode)}
          aria-label={translate('imports.run.mode')}
          name="mode"
          sx={{ gap: 0.5 }}
        >
          {MODES.map((choice) => (
            <FormControlLabel
              key={choice}
              value={choice}
              disabled={underWay}
              control={<Radio size="small" />}
              label={<ModeChoice mode={choice} />}
            />
          ))}
        </RadioGroup>
        {missing.length > 0 && (
          <Alert severity="warning" data-testid="import-missing-containers">
            <Typography variant="body2">
              {translate('imports.report.missing_containers', { smart_count: missing.length })}
            </Typography>
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {missing.map((name) => (
                <li key={name}>{name}</li>
              ))}
            </Box>
            <FormControlLabel
              disabled={underWay}
              control={
                <Checkbox
                  size="small"
                  checked={createContainers}
                  onChange={(event) => setCreateContainers(event.target.checked)}
                />
              }
              label={translate('imports.run.create_containers')}
            />
          </Alert>
        )}
        {mode === 'all' && report.error_rows > 0 && (
          <Typography variant="body2" color="warning.dark">
            {translate('imports.run.errors_warning', { smart_count: report.error_rows })}
          </Typography>
        )}
        <Box>
          <Button variant="contained" startIcon={<PlayArrowIcon />} disabled={underWay} onClick={runIt}>
            {translate('imports.run.start')}
          </Button>
        </Box>
        {start.error && (
          <Alert severity="error" onClose={() => start.reset()}>
            {start.error.message}
          </Alert>
        )}
        {run && isUnderWay(run) && <RunProgress run={run} />}
        {run && !isUnderWay(run) && <RunOutcome kind={kind} run={run} />}
      </Stack>
    </Paper>
  );
}
