import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import type { ScimToken, ScimTokenCreateBody, ScimTokenCreated } from '../../../contract/api/scim';
import { FormDialog } from '../../components/FormDialog';
import { RefreshAlert } from '../../components/LoadFailure';
import { useDateFormat } from '../../hooks/useDateFormat';
import { ApiError, apiFetch } from '../../providers/httpClient';
import { ShownOnceDialog } from './ShownOnce';
import { scimTokensQuery } from './settingsQueries';

const COPY_TOKEN = {
  label: 'settings.scim.tokens.copy',
  copied: 'settings.scim.tokens.copied',
  failed: 'settings.scim.tokens.copy_failed',
};

/** One token: its name and first characters, who made it, when its secret last changed and was used. */
function TokenItem({
  token,
  onRotate,
  onRevoke,
}: {
  token: ScimToken;
  onRotate: (token: ScimToken) => void;
  onRevoke: (token: ScimToken) => void;
}) {
  const translate = useTranslate();
  const { date, dateTime } = useDateFormat();
  return (
    <ListItem divider sx={{ display: 'block', px: { xs: 0, sm: 1 } }} data-testid="scim-token">
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        sx={{ gap: 1, justifyContent: 'space-between', alignItems: { xs: 'flex-start', sm: 'center' } }}
      >
        <Stack direction="row" sx={{ gap: 1, alignItems: 'baseline', flexWrap: 'wrap', minWidth: 0 }}>
          <Typography variant="subtitle1" component="span" sx={{ overflowWrap: 'anywhere' }}>
            {token.name}
          </Typography>
          <Typography
            variant="body2"
            component="code"
            color="text.secondary"
            sx={{ fontFamily: 'monospace' }}
          >
            {token.prefix}…
          </Typography>
        </Stack>
        <Stack direction="row" sx={{ gap: 1 }}>
          <Button
            size="small"
            onClick={() => onRotate(token)}
            aria-label={translate('settings.scim.tokens.rotate_named', { name: token.name })}
          >
            {translate('settings.scim.tokens.rotate')}
          </Button>
          <Button
            color="error"
            size="small"
            onClick={() => onRevoke(token)}
            aria-label={translate('settings.scim.tokens.revoke_named', { name: token.name })}
          >
            {translate('settings.scim.tokens.revoke')}
          </Button>
        </Stack>
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {translate('settings.scim.tokens.made_by', {
          name: token.created_by.name,
          date: date(token.created_at),
        })}
        {token.rotated_at &&
          ` · ${translate('settings.scim.tokens.rotated', { date: dateTime(token.rotated_at) })}`}
        {' · '}
        {token.last_used_at
          ? translate('settings.scim.tokens.last_used', { date: dateTime(token.last_used_at) })
          : translate('settings.scim.tokens.never_used')}
      </Typography>
    </ListItem>
  );
}

/** The directory's name, then the token is made and its secret handed to `onCreated`. */
function NewTokenDialog({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (created: ScimTokenCreated) => void;
}) {
  const translate = useTranslate();
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const create = useMutation({
    mutationFn: (body: ScimTokenCreateBody) =>
      apiFetch<ScimTokenCreated>('/api/scim/token/create', {
        method: 'POST',
        body,
        fallback: 'errors.generic',
      }),
    onSuccess: onCreated,
  });
  const fieldError = create.error instanceof ApiError ? create.error.errors.name : undefined;
  const nameError = touched && !name.trim() ? translate('settings.scim.tokens.name_required') : fieldError;
  return (
    <FormDialog
      open
      title={translate('settings.scim.tokens.create_title')}
      submitLabel={translate('settings.scim.tokens.create')}
      busy={create.isPending}
      onClose={onClose}
      onSubmit={() => {
        setTouched(true);
        if (name.trim()) create.mutate({ name: name.trim() });
      }}
    >
      {create.error && !fieldError && <Alert severity="error">{create.error.message}</Alert>}
      <TextField
        label={translate('settings.scim.tokens.name')}
        value={name}
        onChange={(e) => setName(e.target.value)}
        required
        autoFocus
        error={Boolean(nameError)}
        helperText={nameError ?? translate('settings.scim.tokens.name_help')}
        slotProps={{ htmlInput: { maxLength: 80 } }}
      />
    </FormDialog>
  );
}

/**
 * The tokens a directory signs its SCIM requests with: made with a name, rotated (a new secret, the
 * old one refused at once) or revoked after a confirmation; a secret is shown only when answered.
 */
export function ScimTokens() {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const query = scimTokensQuery();
  const { data, error, refetch } = useQuery(query);
  const [creating, setCreating] = useState(false);
  const [shown, setShown] = useState<{ token: ScimTokenCreated; rotated: boolean } | undefined>();
  const [rotating, setRotating] = useState<ScimToken | undefined>();
  const [revoking, setRevoking] = useState<ScimToken | undefined>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: query.queryKey });
  const rotate = useMutation({
    mutationFn: (id: number) =>
      apiFetch<ScimTokenCreated>('/api/scim/token/rotate', {
        method: 'POST',
        body: { id },
        fallback: 'errors.generic',
      }),
    onSuccess: (token) => {
      setShown({ token, rotated: true });
      void refresh();
    },
    onError: (e: Error) => notify(e.message, { type: 'error' }),
    onSettled: () => setRotating(undefined),
  });
  const revoke = useMutation({
    mutationFn: (id: number) =>
      apiFetch<ScimToken>(`/api/scim/token/delete?id=${id}`, {
        method: 'DELETE',
        fallback: 'errors.generic',
      }),
    onSuccess: () => {
      notify('settings.scim.tokens.revoked', { type: 'info' });
      void refresh();
    },
    onError: (e: Error) => notify(e.message, { type: 'error' }),
    onSettled: () => setRevoking(undefined),
  });

  return (
    <Stack spacing={1} component="section" aria-labelledby="scim-tokens-title">
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
        <Typography variant="subtitle1" component="h3" id="scim-tokens-title">
          {translate('settings.scim.tokens.title')}
        </Typography>
        <Button startIcon={<AddIcon />} onClick={() => setCreating(true)} sx={{ whiteSpace: 'nowrap' }}>
          {translate('settings.scim.tokens.add')}
        </Button>
      </Stack>
      {error ? (
        <RefreshAlert error={error} onRefresh={() => refetch()} />
      ) : !data ? (
        <CircularProgress aria-label={translate('ra.page.loading')} />
      ) : data.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate('settings.scim.tokens.empty')}
        </Typography>
      ) : (
        <List dense disablePadding aria-labelledby="scim-tokens-title">
          {data.map((token) => (
            <TokenItem key={token.id} token={token} onRotate={setRotating} onRevoke={setRevoking} />
          ))}
        </List>
      )}
      {creating && (
        <NewTokenDialog
          onClose={() => setCreating(false)}
          onCreated={(token) => {
            setCreating(false);
            setShown({ token, rotated: false });
            void refresh();
          }}
        />
      )}
      {shown && (
        <ShownOnceDialog
          title={translate(
            shown.rotated ? 'settings.scim.tokens.rotated_title' : 'settings.scim.tokens.shown_title',
            {
              name: shown.token.name,
            },
          )}
          warning="settings.scim.tokens.shown_warning"
          secret={shown.token.token}
          testId="scim-token-secret"
          copy={COPY_TOKEN}
          done="settings.scim.tokens.done"
          onClose={() => setShown(undefined)}
        />
      )}
      <Confirm
        isOpen={Boolean(rotating)}
        loading={rotate.isPending}
        title="settings.scim.tokens.rotate_title"
        content="settings.scim.tokens.rotate_body"
        confirm="settings.scim.tokens.rotate"
        translateOptions={{ name: rotating?.name ?? '' }}
        onConfirm={() => rotating && rotate.mutate(rotating.id)}
        onClose={() => setRotating(undefined)}
      />
      <Confirm
        isOpen={Boolean(revoking)}
        loading={revoke.isPending}
        title="settings.scim.tokens.revoke_title"
        content="settings.scim.tokens.revoke_body"
        confirm="settings.scim.tokens.revoke"
        translateOptions={{ name: revoking?.name ?? '' }}
        onConfirm={() => revoking && revoke.mutate(revoking.id)}
        onClose={() => setRevoking(undefined)}
      />
    </Stack>
  );
}
