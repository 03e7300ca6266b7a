import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import { useDataProvider, useTranslate } from 'react-admin';
import { SavedNotificationChoices } from '../../components/SavedNotificationChoices';
import type { AppDataProvider } from '../../providers/dataProvider';
import { EscalationSettings } from './EscalationSettings';

const DEFAULTS_KEY = ['notifications', 'defaults'];

/** Issue 29: what the tenant's people are told, and how, until they choose on their own profile; and when urgent work escalates. */
export function NotificationDefaultsSettings() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  return (
    <Card data-testid="settings-notifications">
      <CardHeader
        title={translate('notifications.defaults.title')}
        subheader={translate('notifications.defaults.intro')}
        slotProps={{ title: { variant: 'h6', component: 'h2' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        <SavedNotificationChoices
          queryKey={DEFAULTS_KEY}
          load={dataProvider.getNotificationDefaults}
          save={dataProvider.updateNotificationDefaults}
          saved="notifications.defaults.saved"
        />
        <EscalationSettings />
      </CardContent>
    </Card>
  );
}
