import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useDataProvider, useTranslate } from 'react-admin';
import { SavedNotificationChoices } from '../../components/SavedNotificationChoices';
import type { AppDataProvider } from '../../providers/dataProvider';
import { DevicePushSwitch } from './DevicePushSwitch';

const PREFERENCES_KEY = ['notifications', 'preferences'];

/** Issue 29: what the person is told, per event and channel (each switch saves at once), and whether this device shows it. */
export function NotificationsCard() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  return (
    <Card data-testid="profile-notifications">
      <CardContent>
        <Typography variant="h6" component="h2">
          {translate('notifications.preferences.title')}
        </Typography>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {translate('notifications.preferences.intro')}
        </Typography>
        <SavedNotificationChoices
          queryKey={PREFERENCES_KEY}
          load={dataProvider.getNotificationPreferences}
          save={dataProvider.updateNotificationPreferences}
          saved="notifications.preferences.saved"
        />
        <DevicePushSwitch />
      </CardContent>
    </Card>
  );
}
