import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
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
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslate } from 'react-admin';
import type { TokenCreateBody, TokenCreated } from '../../../contract/api/tokens';
import { type Capability, capabilitiesOf, MODULE_IDS, type ModuleId } from '../../../contract/modules';
import { DayField } from '../../components/DayField';
import { useSessionUser } from '../../hooks/useSession';
import { ApiError, apiFetch } from '../../providers/httpClient';
import { dayToDate } from '../../providers/pickerFormat';
import { ShownOnceContent } from './ShownOnce';

/** The modules and capabilities the signed-in person's role grants: all a token of theirs may hold. */
function useGrantable(): { module: ModuleId; capabilities: Capability[] }[] {
  const user = useSessionUser();
  return useMemo(
    () =>
      MODULE_IDS.flatMap((module) => {
        const held = user?.permissions.find((p) => p.id.toLowerCase() === module && p.status === 'active');
        // Read first: most tokens read, and a reader's box is then where the eye starts.
        const capabilities = capabilitiesOf(module)
          .filter((c) => held?.capabilities.includes(c))
          .sort((a, b) => Number(b === 'read') - Number(a === 'read'));
        return capabilities.length ? [{ module, capabilities }] : [];
      }),
    [user?.permissions],
  );
}

/** The end of a picked day in the browser's zone, as the instant the API takes; null for no expiry. */
function endOfDay(day: string): string | null {
  const date = dayToDate(day);
  if (!date) return null;
  date.setHours(23, 59, 59, 999);
  return date.toISOString();
}

/** The header a program sends the token in: HTTP's words, the same in every language. */
const BEARER_HEADER = 'Authorization: Bearer';

/** The copy button's words for an API token's secret. */
const COPY_TOKEN = {
  label: 'settings.api_tokens.copy',
  copied: 'settings.api_tokens.copied',
  failed: 'settings.api_tokens.copy_failed',
};

/** The secret, shown this once, with a copy button and what to do with it. */
function ShownOnce({ created, onClose }: { created: TokenCreated; onClose: () => void }) {
  const translate = useTranslate();
  return (
    <ShownOnceContent
      title={translate('settings.api_tokens.shown_title', { name: created.name })}
      warning="settings.api_tokens.shown_warning"
      secret={created.token}
      testId="api-token-secret"
      copy={COPY_TOKEN}
      done="settings.api_tokens.done"
      onClose={onClose}
    >
      <Typography variant="body2">{translate('settings.api_tokens.how_to_use')}</Typography>
      <Box component="code" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
        {`${BEARER_HEADER} ${created.prefix}…`}
      </Box>
    </ShownOnceContent>
  );
}

/**
 * Makes an API token: a name, the scopes (per module, the capabilities the person's own role
 * grants, as the server allows no more) and an optional last day; then shows the secret once.
 */
export function ApiTokenDialog({ onClose, onCreated }: { onClose: () => void; onCreated: () => void }) {
  const translate = useTranslate();
  const fullScreen = useMediaQuery('(max-width:767px)');
  const grantable = useGrantable();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<Set<string>>(new Set());
  const [expiry, setExpiry] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useMutation({
    mutationFn: (body: TokenCreateBody) =>
      apiFetch<TokenCreated>('/api/token/create', { method: 'POST', body, fallback: 'errors.generic' }),
    onSuccess: onCreated,
    onError: (error: Error) =>
      setErrors(
        error instanceof ApiError && Object.keys(error.errors).length
          ? error.errors
          : { form: error.message },
      ),
  });

  const toggle = (scope: string) =>
    setScopes((current) => {
      const next = new Set(current);
      if (next.has(scope)) next.delete(scope);
      else next.add(scope);
      return next;
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!name.trim()) found.name = translate('settings.api_tokens.name_required');
    if (scopes.size === 0) found.scopes = translate('settings.api_tokens.scopes_required');
    setErrors(found);
    if (Object.keys(found).length) return;
    create.mutate({ name: name.trim(), scopes: [...scopes], expires_at: expiry ? endOfDay(expiry) : null });
  };

  return (
    <Dialog open onClose={onClose} fullScreen={fullScreen} fullWidth maxWidth="sm">
      {create.data ? (
        <ShownOnce created={create.data} onClose={onClose} />
      ) : (
        <form onSubmit={submit} noValidate>
          <DialogTitle>{translate('settings.api_tokens.create_title')}</DialogTitle>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 1 }}>
              {errors.form && <Alert severity="error">{errors.form}</Alert>}
              <TextField
                label={translate('settings.api_tokens.name')}
                value={name}
                onChange={(e) => setName(e.target.value)}
                required
                autoFocus
                error={Boolean(errors.name)}
                helperText={errors.name ?? translate('settings.api_tokens.name_help')}
                slotProps={{ htmlInput: { maxLength: 80 } }}
              />
              <FormControl component="fieldset" error={Boolean(errors.scopes)}>
                <FormLabel component="legend">{translate('settings.api_tokens.scopes')}</FormLabel>
                <FormHelperText sx={{ mx: 0 }}>
                  {errors.scopes ?? translate('settings.api_tokens.scopes_help')}
                </FormHelperText>
                <Stack spacing={1} sx={{ mt: 1 }}>
                  {grantable.map(({ module, capabilities }) => (
                    <FormControl key={module} component="fieldset">
                      <FormLabel component="legend" sx={{ typography: 'subtitle2', color: 'text.primary' }}>
                        {translate(`roles.modules.${module}`)}
                      </FormLabel>
                      <FormGroup row>
                        {capabilities.map((capability) => {
                          const scope = `${module}.${capability}`;
                          return (
                            <FormControlLabel
                              key={scope}
                              control={
                                <Checkbox
                                  checked={scopes.has(scope)}
                                  onChange={() => toggle(scope)}
                                  size="small"
                                />
                              }
                              label={translate(`roles.capabilities.${capability}`)}
                              slotProps={{ typography: { variant: 'body2' } }}
                            />
                          );
                        })}
                      </FormGroup>
                    </FormControl>
                  ))}
                </Stack>
              </FormControl>
              <DayField
                label={translate('settings.api_tokens.expiry')}
                value={expiry}
                onChange={setExpiry}
                clearable
                error={Boolean(errors.expires_at)}
                helperText={errors.expires_at ?? translate('settings.api_tokens.expiry_help')}
              />
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
            <Button type="submit" variant="contained" loading={create.isPending}>
              {translate('settings.api_tokens.create')}
            </Button>
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
}
