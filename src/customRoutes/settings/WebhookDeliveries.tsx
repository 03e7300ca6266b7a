import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useLocaleState, useNotify, useTranslate } from 'react-admin';
import type { Webhook, WebhookDelivery } from '../../../contract/api/webhooks';
import { RefreshAlert } from '../../components/LoadFailure';
import { StateChip } from '../../components/StateChip';
import type { AppDataProvider } from '../../providers/dataProvider';
import { eventKey } from './WebhookDialog';

const STATUS_COLOUR = { pending: 'warning', delivered: 'success', failed: 'error' } as const;

/** One subscription's delivery log, newest first, with "send again" on each delivery. */
export function WebhookDeliveries({ webhook, onClose }: { webhook: Webhook; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const key = ['webhook-deliveries', webhook.id];
  const { data, error, refetch, isPending } = useQuery({
    queryKey: key,
    queryFn: () => dataProvider.getWebhookDeliveries(webhook.id),
  });
  const again = useMutation({
    mutationFn: (id: number) => dataProvider.redeliverWebhook(id),
    onSuccess: () => {
      notify('settings.webhooks.sent_again', { type: 'info' });
      void queryClient.invalidateQueries({ queryKey: key });
    },
    onError: (e: Error) => notify(e.message, { type: 'error' }),
  });
  const when = (iso: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

  const details = (d: WebhookDelivery) =>
    [
      translate('settings.webhooks.attempts', { smart_count: d.attempts }),
      d.response_status !== null ? translate('settings.webhooks.answer', { code: d.response_status }) : null,
      d.next_attempt_at ? translate('settings.webhooks.next_try', { when: when(d.next_attempt_at) }) : null,
    ]
      .filter(Boolean)
      .join(' · ');

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="webhook-log-title">
      <DialogTitle id="webhook-log-title">{translate('settings.webhooks.log_title')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all', mb: 1 }}>
          {webhook.url}
        </Typography>
        {error ? (
          <RefreshAlert error={error} onRefresh={() => refetch()} />
        ) : isPending ? (
          <CircularProgress aria-label={translate('ra.page.loading')} />
        ) : data.length === 0 ? (
          <Typography>{translate('settings.webhooks.log_empty')}</Typography>
        ) : (
          <List dense aria-label={translate('settings.webhooks.log_title')}>
            {data.map((d) => (
              <ListItem
                key={d.id}
                divider
                sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}
                data-testid="webhook-delivery"
              >
                <ListItemText
                  sx={{ flex: '1 1 16rem', minWidth: 0 }}
                  primary={
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                      <span>{translate(eventKey(d.event))}</span>
                      <StateChip
                        label={`settings.webhooks.status.${d.status}`}
                        color={STATUS_COLOUR[d.status]}
                        outlined={d.status === 'delivered'}
                      />
                    </Stack>
                  }
                  secondary={
                    <>
                      {when(d.created_at)} · {details(d)}
                      {d.error && (
                        <Typography component="span" variant="body2" sx={{ display: 'block' }}>
                          {d.error}
                        </Typography>
                      )}
                    </>
                  }
                />
                <Button
                  size="small"
                  variant="outlined"
                  onClick={() => again.mutate(d.id)}
                  disabled={again.isPending}
                  aria-label={translate('settings.webhooks.send_again_of', {
                    event: translate(eventKey(d.event)),
                    when: when(d.created_at),
                  })}
                >
                  {translate('settings.webhooks.send_again')}
                </Button>
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => refetch()}>{translate('ra.action.refresh')}</Button>
        <Button onClick={onClose}>{translate('ra.action.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
