import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LoadingIndicator, useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { NotificationPreference } from '../../../contract/api/notifications';
import { RetryAlert } from '../../components/LoadFailure';
import { NotificationChoices } from '../../components/NotificationChoices';
import type { AppDataProvider } from '../../providers/dataProvider';

const PREFERENCES_KEY = ['notifications', 'preferences'];

/** Issue 29: what the person is told, per event and channel; each switch saves at once. */
export function NotificationsCard() {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const { data, error, isPending, refetch } = useQuery({
    queryKey: PREFERENCES_KEY,
    queryFn: () => dataProvider.getNotificationPreferences(),
  });
  const { mutate: save, isPending: saving } = useMutation({
    mutationFn: (choice: NotificationPreference) => dataProvider.updateNotificationPreferences([choice]),
    onSuccess: (saved) => {
      queryClient.setQueryData(PREFERENCES_KEY, saved);
      notify('notifications.preferences.saved', { type: 'success' });
    },
    onError: (e: Error) => notify(e.message, { type: 'error' }),
  });

  return (
    <Card data-testid="profile-notifications">
      <CardContent>
        <Typography variant="h6" component="h2">
          {translate('notifications.preferences.title')}
        </Typography>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {translate('notifications.preferences.intro')}
        </Typography>
        {isPending ? (
          <LoadingIndicator />
        ) : error || !data ? (
          <RetryAlert error={error} onRetry={() => void refetch()} />
        ) : (
          <NotificationChoices choices={data.data} disabled={saving} onChange={save} />
        )}
      </CardContent>
    </Card>
  );
}
