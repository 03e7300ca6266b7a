import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { SavedNotificationChoices } from '../../components/SavedNotificationChoices';
import { DevicePushSwitch } from './DevicePushSwitch';

/** Issue 29: what the person is told, per event and channel (each switch saves at once), and whether this device shows it. */
export function NotificationsCard() {
  const translate = useTranslate();
  return (
    <Card data-testid="profile-notifications">
      <CardContent>
        <Typography variant="h6" component="h2">
          {translate('notifications.preferences.title')}
        </Typography>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {translate('notifications.preferences.intro')}
        </Typography>
        <SavedNotificationChoices scope="preferences" />
        <DevicePushSwitch />
      </CardContent>
    </Card>
  );
}
