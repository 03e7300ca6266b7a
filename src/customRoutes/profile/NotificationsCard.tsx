import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LoadingIndicator, useDataProvider, useNotify, useTranslate } from 'react-admin';
import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_EVENTS,
  type NotificationPreference,
} from '../../../contract/api/notifications';
import { RetryAlert } from '../../components/LoadFailure';
import type { AppDataProvider } from '../../providers/dataProvider';

const PREFERENCES_KEY = ['notifications', 'preferences'];
const eventLabel = (event: string) => `notifications.preferences.events.${event.replace('.', '_')}`;

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
  const enabled = (event: string, channel: string) =>
    data?.data.find((p) => p.event === event && p.channel === channel)?.enabled ?? false;

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
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{translate('notifications.preferences.event')}</TableCell>
                {NOTIFICATION_CHANNELS.map((channel) => (
                  <TableCell key={channel} align="center">
                    {translate(`notifications.preferences.channels.${channel}`)}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {NOTIFICATION_EVENTS.map((event) => (
                <TableRow key={event}>
                  <TableCell component="th" scope="row">
                    {translate(eventLabel(event))}
                  </TableCell>
                  {NOTIFICATION_CHANNELS.map((channel) => (
                    <TableCell key={channel} align="center">
                      <Switch
                        checked={enabled(event, channel)}
                        disabled={saving}
                        onChange={(_, checked) => save({ event, channel, enabled: checked })}
                        slotProps={{
                          input: {
                            'aria-label': translate('notifications.preferences.switch', {
                              event: translate(eventLabel(event)),
                              channel: translate(`notifications.preferences.channels.${channel}`),
                            }),
                          },
                        }}
                      />
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
