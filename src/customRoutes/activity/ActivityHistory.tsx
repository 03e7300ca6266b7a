import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import LinearProgress from '@mui/material/LinearProgress';
import { useQuery } from '@tanstack/react-query';
import { useCanAccess, useDataProvider, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { RetryAlert } from '../../components/LoadFailure';
import type { AppDataProvider } from '../../providers/dataProvider';
import { ActivityEntries } from './ActivityEntries';

const SHOWN = 10;

/**
 * "History" on a detail screen (a person, a role, a store, a task): the latest entries of the log
 * about this record, and a link to all of them on the activity screen. Only for people who may
 * read the log; others see nothing.
 */
export function ActivityHistory({ entity, id }: { entity: string; id: number | string }) {
  const { canAccess } = useCanAccess({ resource: 'activity', action: 'read' });
  if (!canAccess) return null;
  return <HistoryCard entity={entity} id={String(id)} />;
}

function HistoryCard({ entity, id }: { entity: string; id: string }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const query = { entity, entity_id: id, page: 1, per_page: SHOWN };
  const history = useQuery({
    queryKey: ['activity', query],
    queryFn: () => dataProvider.getActivity(query),
  });
  const all = `/admin/activity?${new URLSearchParams({ entity, entity_id: id }).toString()}`;
  return (
    <Card variant="outlined" component="section" aria-labelledby={`history-${entity}-${id}`}>
      <CardHeader
        id={`history-${entity}-${id}`}
        title={translate('activity.history')}
        slotProps={{ title: { component: 'h2', variant: 'h6' } }}
        action={
          history.data && history.data.total > SHOWN ? (
            <Button component={Link} to={all}>
              {translate('activity.see_all', { smart_count: history.data.total })}
            </Button>
          ) : null
        }
      />
      <CardContent sx={{ pt: 0 }}>
        {history.isPending && <LinearProgress aria-label={translate('activity.loading')} />}
        {history.error ? (
          <RetryAlert error={history.error} onRetry={() => history.refetch()} />
        ) : history.data?.data.length === 0 ? (
          <Alert severity="info">{translate('activity.no_history')}</Alert>
        ) : history.data ? (
          <ActivityEntries entries={history.data.data} />
        ) : null}
      </CardContent>
    </Card>
  );
}
