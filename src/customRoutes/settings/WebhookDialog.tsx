import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import {
  WEBHOOK_EVENT_GROUPS,
  type Webhook,
  type WebhookCreated,
  type WebhookEvent,
  type WebhookEventGroup,
} from '../../../contract/api/webhooks';
import type { AppDataProvider } from '../../providers/dataProvider';
import { ApiError } from '../../providers/httpClient';

/** An event's i18n key: `task.published` → `settings.webhooks.events.task_published`. */
export const eventKey = (event: string) => `settings.webhooks.events.${event.replace('.', '_')}`;

/**
 * Creates a subscription (then `onCreated` shows its secret) or edits one: the https address and
 * the events, as checkboxes grouped by what they are about.
 */
export function WebhookDialog({
  editing,
  onClose,
  onCreated,
  onSaved,
}: {
  editing: Webhook | 'new';
  onClose: () => void;
  onCreated: (made: WebhookCreated) => void;
  onSaved: () => void;
}) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const existing = editing === 'new' ? undefined : editing;
  const [url, setUrl] = useState(existing?.url ?? 'https://');
  const [events, setEvents] = useState<WebhookEvent[]>(existing?.events ?? []);
  const [shown, setShown] = useState(false);
  const save = useMutation({
    mutationFn: () =>
      existing
        ? dataProvider.updateWebhook({ id: existing.id, url: url.trim(), events })
        : dataProvider.createWebhook({ url: url.trim(), events }),
    onSuccess: (result) => {
      if (!existing) onCreated(result as WebhookCreated);
      else onSaved();
    },
  });
  const fieldError = save.error instanceof ApiError ? save.error.errors?.url : undefined;
  const noEvents = shown && events.length === 0;

  const toggle = (event: WebhookEvent, on: boolean) =>
    setEvents((current) => (on ? [...current, event] : current.filter((e) => e !== event)));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setShown(true);
    if (events.length > 0) save.mutate();
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="webhook-dialog-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="webhook-dialog-title">
          {translate(existing ? 'settings.webhooks.edit_title' : 'settings.webhooks.add_title')}
        </DialogTitle>
        <DialogContent>
          <TextField
            label={translate('settings.webhooks.url')}
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            required
            fullWidth
            margin="dense"
            type="url"
            autoFocus
            error={Boolean(fieldError)}
            helperText={fieldError ?? translate('settings.webhooks.url_help')}
            slotProps={{ htmlInput: { 'data-testid': 'webhook-url' } }}
          />
          <FormControl component="fieldset" error={noEvents} sx={{ mt: 2, width: '100%' }}>
            <FormLabel component="legend">{translate('settings.webhooks.events_label')}</FormLabel>
            <Grid container spacing={2} sx={{ mt: 0.5 }}>
              {(Object.keys(WEBHOOK_EVENT_GROUPS) as WebhookEventGroup[]).map((group) => (
                <Grid key={group} size={{ xs: 12, sm: 6, md: 4 }}>
                  <FormControl component="fieldset" variant="standard">
                    <FormLabel component="legend" sx={{ fontWeight: 600 }}>
                      {translate(`settings.webhooks.groups.${group}`)}
                    </FormLabel>
                    <FormGroup>
                      {WEBHOOK_EVENT_GROUPS[group].map((event) => (
                        <FormControlLabel
                          key={event}
                          control={
                            <Checkbox
                              checked={events.includes(event)}
                              onChange={(e) => toggle(event, e.target.checked)}
                              size="small"
                            />
                          }
                          label={translate(eventKey(event))}
                        />
                      ))}
                    </FormGroup>
                  </FormControl>
                </Grid>
              ))}
            </Grid>
            {noEvents && <FormHelperText>{translate('settings.webhooks.events_required')}</FormHelperText>}
          </FormControl>
          {save.error && !fieldError && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {save.error.message}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {translate(existing ? 'ra.action.save' : 'settings.webhooks.create')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
