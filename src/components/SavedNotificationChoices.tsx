import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LoadingIndicator, useNotify } from 'react-admin';
import type { NotificationPreference, NotificationPreferences } from '../../contract/api/notifications';
import { RetryAlert } from './LoadFailure';
import { NotificationChoices } from './NotificationChoices';

interface SavedNotificationChoicesProps {
  queryKey: readonly string[];
  load: () => Promise<NotificationPreferences>;
  save: (choices: NotificationPreference[]) => Promise<NotificationPreferences>;
  /** i18n key of the message once a switch is saved. */
  saved: string;
}

/**
 * The switches loaded from and saved to one place — a person's own choices or the tenant's
 * defaults: each switch saves at once, a failure to load offers a retry.
 */
export function SavedNotificationChoices({ queryKey, load, save, saved }: SavedNotificationChoicesProps) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { data, error, isPending, refetch } = useQuery({ queryKey, queryFn: load });
  const { mutate, isPending: saving } = useMutation({
    mutationFn: (choice: NotificationPreference) => save([choice]),
    onSuccess: (answer) => {
      queryClient.setQueryData(queryKey, answer);
      notify(saved, { type: 'success' });
    },
    onError: (e: Error) => notify(e.message, { type: 'error' }),
  });
  if (isPending) return <LoadingIndicator />;
  if (error || !data) return <RetryAlert error={error} onRetry={() => void refetch()} />;
  return <NotificationChoices choices={data.data} disabled={saving} onChange={mutate} />;
}
