import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useDataProvider, useLocaleState, useNotify, useTranslate } from 'react-admin';
import type { ImportKind, ImportProgress } from '../../../contract/api/imports';
import { useZonedTime } from '../../hooks/useZonedTime';
import type { AppDataProvider } from '../../providers/dataProvider';
import { saveFile } from '../../providers/saveFile';
import { useImportResult } from './importQueries';

/** How many of the rows not imported the page lists; the result CSV has them all. */
const SHOWN_FAILURES = 20;

/** How a finished run ended: its counts, why it failed if it did, the rows it left out, its report. */
export function RunOutcome({ kind, run }: { kind: ImportKind; run: ImportProgress }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const notify = useNotify();
  const { dateTime } = useZonedTime();
  const dataProvider = useDataProvider<AppDataProvider>();
  const result = useImportResult(kind, run.filename, run.failed > 0 ? run.run_id : undefined);
  const failures = (result.data?.rows ?? []).filter((row) => row.action === 'failed' && row.row > 0);
  const imported = run.state === 'imported';
  const severity = !imported ? 'error' : run.failed > 0 ? 'warning' : 'success';

  const download = async () => {
    try {
      saveFile(await dataProvider.downloadImportResult(kind, run.filename));
    } catch (error) {
      notify(error instanceof Error ? error.message : 'imports.errors.download', { type: 'error' });
    }
  };

  const counts = [
    ['created', run.created],
    ['updated', run.updated],
    ['unchanged', run.unchanged],
    ['failed', run.failed],
    ...(run.containers_created > 0 ? [['containers_created', run.containers_created] as const] : []),
  ] as const;

  return (
    <Alert severity={severity} data-testid="import-outcome" sx={{ '& .MuiAlert-message': { width: '100%' } }}>
      <AlertTitle>
        {translate(imported ? 'imports.outcome.title_imported' : 'imports.outcome.title_failed')}
      </AlertTitle>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(5, minmax(0, max-content))' },
          columnGap: 3,
          rowGap: 0.5,
          m: 0,
          mb: 1,
        }}
      >
        {counts.map(([key, value]) => (
          <Box key={key}>
            <Typography component="dt" variant="caption" color="text.secondary">
              {translate(`imports.outcome.${key}`)}
            </Typography>
            <Typography component="dd" variant="h6" sx={{ m: 0, lineHeight: 1.3 }}>
              {value.toLocaleString(locale)}
            </Typography>
          </Box>
        ))}
      </Box>
      {run.message && <Typography variant="body2">{run.message}</Typography>}
      <Typography variant="caption" color="text.secondary" component="div" sx={{ mt: 0.5 }}>
        {translate('imports.outcome.by', {
          name: run.started_by,
          mode: translate(`imports.run.${run.mode}`),
          when: dateTime(run.finished_at ?? run.started_at),
        })}
      </Typography>
      {failures.length > 0 && (
        <Box sx={{ mt: 1 }}>
          <Typography variant="subtitle2">{translate('imports.outcome.failed_rows')}</Typography>
          <Stack component="ul" spacing={0.25} sx={{ m: 0, pl: 2.5 }}>
            {failures.slice(0, SHOWN_FAILURES).map((row) => (
              <Typography component="li" variant="body2" key={row.row} sx={{ overflowWrap: 'anywhere' }}>
                {translate('imports.outcome.failed_row', {
                  row: row.row,
                  key: row.key,
                  message: row.message,
                })}
              </Typography>
            ))}
          </Stack>
          {failures.length > SHOWN_FAILURES && (
            <Typography variant="caption" color="text.secondary">
              {translate('imports.outcome.more_rows', { smart_count: failures.length - SHOWN_FAILURES })}
            </Typography>
          )}
        </Box>
      )}
      <Button size="small" startIcon={<DownloadIcon />} onClick={download} sx={{ mt: 1, ml: -0.5 }}>
        {translate('imports.outcome.download')}
      </Button>
    </Alert>
  );
}
