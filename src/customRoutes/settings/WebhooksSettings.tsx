import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import HistoryIcon from '@mui/icons-material/History';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm, useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { Webhook, WebhookCreated } from '../../../contract/api/webhooks';
import { RefreshAlert } from '../../components/LoadFailure';
import { StateChip } from '../../components/StateChip';
import type { AppDataProvider } from '../../providers/dataProvider';
import { SettingsSection } from './SettingsSection';
import { ShownOnceDialog } from './ShownOnce';
import { WebhookDeliveries } from './WebhookDeliveries';
import { eventKey, WebhookDialog } from './WebhookDialog';

const WEBHOOKS_KEY = ['webhooks'] as const;

/** The copy button's words for a webhook's signing secret. */
const COPY_SECRET = {
  label: 'settings.webhooks.copy',
  copied: 'settings.webhooks.copied',
  failed: 'settings.webhooks.copy_failed',
};

/** How a subscription stands: on, switched off, or paused by the server after days of failures. */
function WebhookState({ webhook }: { webhook: Webhook }) {
  if (webhook.paused_at) return <StateChip label="settings.webhooks.state.paused" color="error" />;
  if (!webhook.enabled) return <StateChip label="settings.webhooks.state.off" color="default" outlined />;
  if (webhook.failing_since) return <StateChip label="settings.webhooks.state.failing" color="warning" />;
  return <StateChip label="settings.webhooks.state.on" color="success" outlined />;
}

/**
 * Settings' webhooks (issue 46): the organisation's subscriptions, each with its events, whether
 * it is on, its delivery log and "send again"; a new one's signing secret is shown once.
 */
export function WebhooksSettings() {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const { data, error, refetch } = useQuery({
    queryKey: WEBHOOKS_KEY,
    queryFn: () => dataProvider.getWebhooks(),
  });
  const [editing, setEditing] = useState<Webhook | 'new' | undefined>();
  const [made, setMade] = useState<WebhookCreated | undefined>();
  const [deleting, setDeleting] = useState<Webhook | undefined>();
  const [log, setLog] = useState<Webhook | undefined>();
  const reload = () => queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY });

  const switchOn = useMutation({
    mutationFn: (w: Webhook) => dataProvider.updateWebhook({ id: w.id, enabled: !w.enabled }),
    onSuccess: () => void reload(),
    onError: (e: Error) => notify(e.message, { type: 'error' }),
  });
  const remove = useMutation({
    mutationFn: (id: number) => dataProvider.deleteWebhook(id),
    onSuccess: () => {
      notify('settings.webhooks.deleted', { type: 'info' });
      void reload();
    },
    onError: (e: Error) => notify(e.message, { type: 'error' }),
    onSettled: () => setDeleting(undefined),
  });

  return (
    <SettingsSection
      title="settings.webhooks.title"
      subheader="settings.webhooks.subheader"
      testId="webhooks-settings"
      action={
        <Button startIcon={<AddIcon />} onClick={() => setEditing('new')}>
          {translate('settings.webhooks.add')}
        </Button>
      }
    >
      {error ? (
        <RefreshAlert error={error} onRefresh={() => refetch()} />
      ) : data && data.length === 0 ? (
        <Typography color="text.secondary">{translate('settings.webhooks.empty')}</Typography>
      ) : (
        <List aria-label={translate('settings.webhooks.title')}>
          {data?.map((webhook) => (
            <ListItem
              key={webhook.id}
              divider
              data-testid="webhook-row"
              sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'flex-start', px: 0 }}
            >
              <ListItemText
                sx={{ flex: '1 1 18rem', minWidth: 0 }}
                primary={
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                    <Box component="span" sx={{ wordBreak: 'break-all' }}>
                      {webhook.url}
                    </Box>
                    <WebhookState webhook={webhook} />
                  </Stack>
                }
                secondary={webhook.events.map((e) => translate(eventKey(e))).join(', ')}
              />
              <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <FormControlLabel
                  control={
                    <Switch
                      checked={webhook.enabled}
                      onChange={() => switchOn.mutate(webhook)}
                      disabled={switchOn.isPending}
                    />
                  }
                  label={translate('settings.webhooks.enabled')}
                />
                <IconButton
                  aria-label={translate('settings.webhooks.log_of', { url: webhook.url })}
                  onClick={() => setLog(webhook)}
                >
                  <HistoryIcon />
                </IconButton>
                <IconButton
                  aria-label={translate('settings.webhooks.edit_of', { url: webhook.url })}
                  onClick={() => setEditing(webhook)}
                >
                  <EditIcon />
                </IconButton>
                <IconButton
                  aria-label={translate('settings.webhooks.delete_of', { url: webhook.url })}
                  onClick={() => setDeleting(webhook)}
                >
                  <DeleteIcon />
                </IconButton>
              </Stack>
            </ListItem>
          ))}
        </List>
      )}
      {editing && (
        <WebhookDialog
          editing={editing}
          onClose={() => setEditing(undefined)}
          onCreated={(created) => {
            setEditing(undefined);
            setMade(created);
            void reload();
          }}
          onSaved={() => {
            setEditing(undefined);
            notify('settings.webhooks.saved', { type: 'info' });
            void reload();
          }}
        />
      )}
      {made && (
        <ShownOnceDialog
          title={translate('settings.webhooks.secret_title')}
          warning="settings.webhooks.secret_once"
          secret={made.secret}
          testId="webhook-secret"
          copy={COPY_SECRET}
          done="settings.webhooks.secret_done"
          onClose={() => setMade(undefined)}
        />
      )}
      {log && <WebhookDeliveries webhook={log} onClose={() => setLog(undefined)} />}
      <Confirm
        isOpen={Boolean(deleting)}
        loading={remove.isPending}
        title={translate('settings.webhooks.delete_title')}
        content={translate('settings.webhooks.delete_body', { url: deleting?.url ?? '' })}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onClose={() => setDeleting(undefined)}
      />
    </SettingsSection>
  );
}
