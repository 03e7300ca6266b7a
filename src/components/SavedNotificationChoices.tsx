import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LoadingIndicator, useDataProvider, useNotify } from 'react-admin';
import type { NotificationPreference } from '../../contract/api/notifications';
import type { AppDataProvider } from '../providers/dataProvider';
import { RetryAlert } from './LoadFailure';
import { NotificationChoices } from './NotificationChoices';

/** Where the switches are kept: the signed-in person's own choices, or the tenant's defaults (Settings). */
type ChoicesScope = 'preferences' | 'defaults';

/** The data provider's reader and writer of each scope. */
const METHODS = {
  preferences: ['getNotificationPreferences', 'updateNotificationPreferences'],
  defaults: ['getNotificationDefaults', 'updateNotificationDefaults'],
} as const satisfies Record<ChoicesScope, readonly [keyof AppDataProvider, keyof AppDataProvider]>;

/**
 * The switches loaded from and saved to one place — a person's own choices or the tenant's
 * defaults: each switch saves at once (confirmed by `notifications.<scope>.saved`), a failure to
 * load offers a retry.
 */
export function SavedNotificationChoices({ scope }: { scope: ChoicesScope }) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [load, save] = METHODS[scope];
  const queryKey = ['notifications', scope];
  const { data, error, isPending, refetch } = useQuery({ queryKey, queryFn: () => dataProvider[load]() });
  const { mutate, isPending: saving } = useMutation({
    mutationFn: (choice: NotificationPreference) => dataProvider[save]([choice]),
    onSuccess: (answer) => {
      queryClient.setQueryData(queryKey, answer);
      notify(`notifications.${scope}.saved`, { type: 'success' });
    },
    onError: (e: Error) => notify(e.message, { type: 'error' }),
  });
  if (isPending) return <LoadingIndicator />;
  if (error || !data) return <RetryAlert error={error} onRetry={() => void refetch()} />;
  return <NotificationChoices choices={data.data} disabled={saving} onChange={mutate} />;
}
