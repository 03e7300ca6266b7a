import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { ApiError, statusOf } from '../providers/httpClient';
import { NotFoundPage } from './NotFoundPage';

interface LoadFailureProps {
  error: unknown;
  onRetry: () => void;
}

/** An error and the one button that asks again. */
function ErrorAlert({
  message,
  action,
  onAction,
}: {
  message: ReactNode;
  action: string;
  onAction: () => void;
}) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onAction}>
          {action}
        </Button>
      }
    >
      {message}
    </Alert>
  );
}

/** Why something could not be loaded, with a way to try again instead of a spinner that never ends. */
export function RetryAlert({ error, onRetry }: LoadFailureProps) {
  const translate = useTranslate();
  // The server's or the connection's own words; anything else is a fault of ours, said plainly.
  const message = error instanceof ApiError && error.message ? error.message : translate('shell.load_failed');
  return <ErrorAlert message={message} action={translate('shell.retry')} onAction={onRetry} />;
}

/** A failed read in the server's words (a settings card), with Refresh to read again. */
export function RefreshAlert({ error, onRefresh }: { error: Error; onRefresh: () => void }) {
  const translate = useTranslate();
  return <ErrorAlert message={error.message} action={translate('ra.action.refresh')} onAction={onRefresh} />;
}

/** A page whose record could not be loaded: the not-found page for a 404, else the reason and a retry. */
export function LoadFailure({ error, onRetry }: LoadFailureProps) {
  if (statusOf(error) === 404) return <NotFoundPage />;
  return <RetryAlert error={error} onRetry={onRetry} />;
}
