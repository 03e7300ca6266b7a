import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import type { ReactNode } from 'react';
import { useShowContext, useTranslate } from 'react-admin';
import { ApiError } from '../providers/httpClient';

/** Loading and failure (unknown id, outside the caller's area) for a workspace detail screen. */
export function ShowState({ children }: { children: ReactNode }) {
  const { isPending, error } = useShowContext();
  const translate = useTranslate();
  if (isPending) return <LinearProgress />;
  if (error) {
    const status = error instanceof ApiError ? error.status : 0;
    return (
      <Alert severity={status === 404 ? 'info' : 'error'}>
        {status === 404
          ? translate('workspaces.not_found')
          : error instanceof Error
            ? error.message
            : String(error)}
      </Alert>
    );
  }
  return <>{children}</>;
}
