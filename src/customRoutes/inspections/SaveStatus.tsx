import CheckIcon from '@mui/icons-material/Check';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { SaveState } from './useAnswerSaver';

/**
 * Where a question's answer stands, said politely to screen readers as it changes (a status
 * region per question, so the answer just given is the one announced), with a retry on failure.
 */
export function SaveStatus({ state, onRetry }: { state: SaveState | undefined; onRetry: () => void }) {
  const translate = useTranslate();
  return (
    <Stack
      role="status"
      direction="row"
      sx={{ gap: 0.5, alignItems: 'center', ml: 'auto', minHeight: 24, flexWrap: 'wrap' }}
    >
      {state?.state === 'saving' && <CircularProgress size={14} aria-hidden />}
      {state?.state === 'saved' && <CheckIcon fontSize="small" color="success" aria-hidden />}
      {state?.state === 'offline' && <CloudOffIcon fontSize="small" color="warning" aria-hidden />}
      {state?.state === 'failed' && <ErrorOutlineIcon fontSize="small" color="error" aria-hidden />}
      {state && (
        <Typography variant="caption" color={state.state === 'failed' ? 'error' : 'text.secondary'}>
          {state.state === 'failed'
            ? translate('inspections.save.failed', { reason: state.message })
            : translate(`inspections.save.${state.state}`)}
        </Typography>
      )}
      {state?.state === 'failed' && (
        <Button size="small" onClick={onRetry}>
          {translate('inspections.save.retry')}
        </Button>
      )}
    </Stack>
  );
}
