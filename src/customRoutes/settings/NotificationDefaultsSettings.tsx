import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LoadingIndicator, useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { NotificationPreference } from '../../../contract/api/notifications';
import { RetryAlert } from '../../components/LoadFailure';
import { NotificationChoices } from '../../components/NotificationChoices';
import type { AppDataProvider } from '../../providers/dataProvider';

const DEFAULTS_KEY = ['notifications', 'defaults'];

/** Issue 29: what the tenant's people are told, and how, until they choose on their own profile. */
export function NotificationDefaultsSettings() {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const { data, error, isPending, refetch } = useQuery({
    queryKey: DEFAULTS_KEY,
    queryFn: () => dataProvider.getNotificationDefaults(),
  });
  const { mutate: save, isPending: saving } = useMutation({
    mutationFn: (choice: NotificationPreference) => dataProvider.updateNotificationDefaults([choice]),
    onSuccess: (saved) => {
      queryClient.setQueryData(DEFAULTS_KEY, saved);
      notify('notifications.defaults.saved', { type: 'success' });
    },
    onError: (e: Error) => notify(e.message, { type: 'error' }),
  });

  return (
    <Card data-testid="settings-notifications">
      <CardHeader
        title={translate('notifications.defaults.title')}
        subheader={translate('notifications.defaults.intro')}
        slotProps={{ title: { variant: 'h6', component: 'h2' } }}
      />
      <CardContent sx={{ pt: 0 }}>
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
