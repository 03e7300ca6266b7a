import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import type { ScimDeleteAction, ScimSettings as ScimSettingsData } from '../../../contract/api/scim';
import { RefreshAlert } from '../../components/LoadFailure';
import { apiFetch } from '../../providers/httpClient';
import { ScimGroups } from './ScimGroups';
import { ScimTokens } from './ScimTokens';
import { SettingsSection } from './SettingsSection';
import { CopyableCode, CopyButton } from './ShownOnce';
import { scimSettingsQuery } from './settingsQueries';

const COPY_URL = {
  label: 'settings.scim.copy_url',
  copied: 'settings.scim.url_copied',
  failed: 'settings.scim.url_copy_failed',
};

const DELETE_ACTIONS: readonly ScimDeleteAction[] = ['disable', 'delete'];

/** The address the identity provider is given, with where each provider asks for it. */
function BaseUrl({ url }: { url: string }) {
  const translate = useTranslate();
  return (
    <Stack spacing={1}>
      <Typography variant="subtitle1" component="h3">
        {translate('settings.scim.base_url')}
      </Typography>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        sx={{ gap: 1, alignItems: { xs: 'flex-start', sm: 'center' } }}
      >
        <CopyableCode testId="scim-base-url">{url}</CopyableCode>
        <CopyButton text={url} texts={COPY_URL} />
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {translate('settings.scim.base_url_hint')}
      </Typography>
    </Stack>
  );
}

/** What a SCIM delete does here: disable the person (the default, undoable) or delete them. */
function DeleteChoice({
  saved,
  onSaved,
}: {
  saved: ScimDeleteAction;
  onSaved: (next: ScimSettingsData) => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const [choice, setChoice] = useState(saved);
  const save = useMutation({
    mutationFn: (on_delete: ScimDeleteAction) =>
      apiFetch<ScimSettingsData>('/api/scim/setting/update', {
        method: 'PUT',
        body: { on_delete },
        fallback: 'errors.settings_save',
      }),
    onSuccess: (next) => {
      onSaved(next);
      notify('settings.scim.on_delete.saved', { type: 'success' });
    },
    onError: (e: Error) => notify(e.message, { type: 'error' }),
  });
  return (
    <FormControl component="fieldset">
      <FormLabel component="legend" sx={{ typography: 'subtitle1', color: 'text.primary' }}>
        {translate('settings.scim.on_delete.title')}
      </FormLabel>
      <RadioGroup value={choice} onChange={(e) => setChoice(e.target.value as ScimDeleteAction)}>
        {DELETE_ACTIONS.map((action) => (
          <FormControlLabel
            key={action}
            value={action}
            control={<Radio />}
            sx={{ alignItems: 'flex-start', mt: 1, '& .MuiRadio-root': { pt: 0.5 } }}
            label={
              <>
                <Typography variant="body1">{translate(`settings.scim.on_delete.${action}`)}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {translate(`settings.scim.on_delete.${action}_help`)}
                </Typography>
              </>
            }
          />
        ))}
      </RadioGroup>
      <div>
        <Button
          variant="outlined"
          sx={{ mt: 1 }}
          loading={save.isPending}
          onClick={() => save.mutate(choice)}
        >
          {translate('settings.scim.on_delete.save')}
        </Button>
      </div>
    </FormControl>
  );
}

/**
 * Directory provisioning (issue 47): the company's directory (Entra ID, Okta…) creates, changes and
 * removes people over SCIM 2.0. Here: the address and tokens it connects with, what its deletes do,
 * and the position each of its groups gives.
 */
export function ScimSettings() {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const query = scimSettingsQuery();
  const { data, error, refetch } = useQuery(query);
  return (
    <SettingsSection testId="scim-settings" title="settings.scim.title" subheader="settings.scim.subheader">
      <Stack spacing={3} divider={<Divider flexItem />}>
        {error ? (
          <RefreshAlert error={error} onRefresh={() => refetch()} />
        ) : !data ? (
          <CircularProgress aria-label={translate('ra.page.loading')} />
        ) : (
          <BaseUrl url={data.base_url} />
        )}
        <ScimTokens />
        {data && (
          <DeleteChoice
            saved={data.on_delete}
            onSaved={(next) => queryClient.setQueryData(query.queryKey, next)}
          />
        )}
        <ScimGroups />
      </Stack>
    </SettingsSection>
  );
}
