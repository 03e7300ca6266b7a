import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import { useTranslate } from 'react-admin';
import { SavedNotificationChoices } from '../../components/SavedNotificationChoices';
import { EscalationSettings } from './EscalationSettings';

/** Issue 29: what the tenant's people are told, and how, until they choose on their own profile; and when urgent work escalates. */
export function NotificationDefaultsSettings() {
  const translate = useTranslate();
  return (
    <Card data-testid="settings-notifications">
      <CardHeader
        title={translate('notifications.defaults.title')}
        subheader={translate('notifications.defaults.intro')}
        slotProps={{ title: { variant: 'h6', component: 'h2' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        <SavedNotificationChoices scope="defaults" />
        <EscalationSettings />
      </CardContent>
    </Card>
  );
}
