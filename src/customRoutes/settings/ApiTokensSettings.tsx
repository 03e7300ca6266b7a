import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import type { ApiToken, ApiTokenList } from '../../../contract/api/tokens';
import { RefreshAlert } from '../../components/LoadFailure';
import { useDateFormat } from '../../hooks/useDateFormat';
import { apiFetch } from '../../providers/httpClient';
import { ApiTokenDialog } from './ApiTokenDialog';
import { SettingsSection } from './SettingsSection';

const QUERY_KEY = ['api-tokens'];

const STATUS_COLOUR = { active: 'success', expired: 'default', revoked: 'default' } as const;

/** One token: its name and status, what it may do, who made it and when it was last used. */
function TokenItem({ token, onRevoke }: { token: ApiToken; onRevoke: (token: ApiToken) => void }) {
  const translate = useTranslate();
  const { date, dateTime } = useDateFormat();
  return (
    <ListItem divider sx={{ display: 'block', px: { xs: 0, sm: 1 } }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        sx={{ gap: 1, justifyContent: 'space-between', alignItems: { xs: 'flex-start', sm: 'center' } }}
      >
        <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap', minWidth: 0 }}>
          <Typography variant="subtitle1" component="span" sx={{ overflowWrap: 'anywhere' }}>
            {token.name}
          </Typography>
          <Chip
            size="small"
            color={STATUS_COLOUR[token.status]}
            label={translate(`settings.api_tokens.status.${token.status}`)}
          />
          <Typography
            variant="body2"
            component="code"
            color="text.secondary"
            sx={{ fontFamily: 'monospace' }}
          >
            {token.prefix}…
          </Typography>
        </Stack>
        {token.status !== 'revoked' && (
          <Button
            color="error"
            size="small"
            onClick={() => onRevoke(token)}
            aria-label={translate('settings.api_tokens.revoke_named', { name: token.name })}
          >
            {translate('settings.api_tokens.revoke')}
          </Button>
        )}
      </Stack>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {token.scopes.join(', ')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate('settings.api_tokens.made_by', {
          name: token.created_by.name,
          date: date(token.created_at),
        })}
        {' · '}
        {token.expires_at
          ? translate('settings.api_tokens.expires', { date: date(token.expires_at) })
          : translate('settings.api_tokens.no_expiry')}
        {' · '}
        {token.last_used_at
          ? translate('settings.api_tokens.last_used', { date: dateTime(token.last_used_at) })
          : translate('settings.api_tokens.never_used')}
      </Typography>
    </ListItem>
  );
}

/**
 * The tenant's API tokens (issue 46): other systems call Storeline with one. Listed with what each
 * may do and its last use, made in a dialog that shows the secret once, revoked after a confirmation.
 */
export function ApiTokensSettings() {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { data, error, refetch } = useQuery({
    queryKey: QUERY_KEY,
    queryFn: () => apiFetch<ApiTokenList>('/api/token/list', { fallback: 'errors.generic' }),
  });
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiToken | undefined>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: QUERY_KEY });
  const revoke = useMutation({
    mutationFn: (id: number) =>
      apiFetch<ApiToken>(`/api/token/delete?id=${id}`, { method: 'DELETE', fallback: 'errors.generic' }),
    onSuccess: () => {
      notify('settings.api_tokens.revoked', { type: 'info' });
      void refresh();
    },
    onError: (e: Error) => notify(e.message, { type: 'error' }),
    onSettled: () => setRevoking(undefined),
  });

  return (
    <SettingsSection
      testId="api-tokens-settings"
      title="settings.api_tokens.title"
      subheader="settings.api_tokens.subheader"
      action={
        <Button startIcon={<AddIcon />} onClick={() => setCreating(true)} sx={{ whiteSpace: 'nowrap' }}>
          {translate('settings.api_tokens.add')}
        </Button>
      }
    >
      {error ? (
        <RefreshAlert error={error} onRefresh={() => refetch()} />
      ) : !data ? (
        <CircularProgress aria-label={translate('ra.page.loading')} />
      ) : data.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate('settings.api_tokens.empty')}
        </Typography>
      ) : (
        <List dense disablePadding aria-label={translate('settings.api_tokens.title')}>
          {data.map((token) => (
            <TokenItem key={token.id} token={token} onRevoke={setRevoking} />
          ))}
        </List>
      )}
      {creating && <ApiTokenDialog onClose={() => setCreating(false)} onCreated={() => void refresh()} />}
      <Confirm
        isOpen={Boolean(revoking)}
        loading={revoke.isPending}
        title="settings.api_tokens.revoke_title"
        content="settings.api_tokens.revoke_body"
        translateOptions={{ name: revoking?.name ?? '' }}
        onConfirm={() => revoking && revoke.mutate(revoking.id)}
        onClose={() => setRevoking(undefined)}
      />
    </SettingsSection>
  );
}
