import { SavedNotificationChoices } from '../../components/SavedNotificationChoices';
import { EscalationSettings } from './EscalationSettings';
import { SettingsSection } from './SettingsSection';

/** Issue 29: what the tenant's people are told, and how, until they choose on their own profile; and when urgent work escalates. */
export function NotificationDefaultsSettings() {
  return (
    <SettingsSection
      testId="settings-notifications"
      title="notifications.defaults.title"
      subheader="notifications.defaults.intro"
    >
      <SavedNotificationChoices scope="defaults" />
      <EscalationSettings />
    </SettingsSection>
  );
}
