import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { ActionRow } from '../../../contract/api/actions';
import { RetryAlert } from '../../components/LoadFailure';
import { useZonedTime } from '../../hooks/useZonedTime';
import type { AppDataProvider } from '../../providers/dataProvider';
import { actionPath } from './actionPaths';

/** One action as the inspection's list shows it: its title (a link), status and due date. */
function ActionLine({ action }: { action: ActionRow }) {
  const translate = useTranslate();
  const { day } = useZonedTime();
  const status = action.closed_at ? 'closed' : action.status;
  return (
    <Stack component="li" direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
      <Link component={RouterLink} to={actionPath(action.id)} sx={{ py: 1, minHeight: 44 }}>
        {action.title}
      </Link>
      <Chip size="small" variant="outlined" label={translate(`inspections.actions.status.${status}`)} />
      {action.overdue && <Chip size="small" color="error" label={translate('inspections.actions.overdue')} />}
      <Typography variant="body2" color="text.secondary">
        {translate('inspections.actions.due', { date: day(action.due_date) })}
      </Typography>
    </Stack>
  );
}

/**
 * "Actions raised from this inspection" (issue 49), for those who read actions: the list filtered
 * by the inspection, each a link to the action.
 */
export function InspectionActions({ inspectionId }: { inspectionId: number }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const actions = useQuery({
    queryKey: ['actions', 'list', { inspection_id: inspectionId }],
    queryFn: () => dataProvider.getActions({ inspection_id: inspectionId, per_page: 200 }),
  });
  const rows = actions.data?.data ?? [];
  return (
    <Paper variant="outlined" component="section" aria-labelledby="inspection-actions-title" sx={{ p: 2 }}>
      <Typography id="inspection-actions-title" component="h2" variant="h6" sx={{ mb: 1 }}>
        {translate('inspections.actions.title')}
      </Typography>
      {actions.isPending && <LinearProgress />}
      {actions.error != null && <RetryAlert error={actions.error} onRetry={() => actions.refetch()} />}
      {actions.isSuccess && rows.length === 0 && (
        <Alert severity="info">{translate('inspections.actions.none')}</Alert>
      )}
      {rows.length > 0 && (
        <Stack component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }} data-testid="inspection-actions">
          {rows.map((row) => (
            <ActionLine key={row.id} action={row} />
          ))}
        </Stack>
      )}
    </Paper>
  );
}
