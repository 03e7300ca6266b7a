import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import {
  BooleanInput,
  Form,
  SaveButton,
  SelectInput,
  TextInput,
  useGetList,
  useNotify,
  useTranslate,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { HierarchyNode } from '../../../contract/api/session';
import type { SsoConfigBody, SsoConfigData, SsoTestData } from '../../../contract/api/sso';
import { RefreshAlert } from '../../components/LoadFailure';
import { useSessionUser } from '../../hooks/useSession';
import { ApiError, apiFetch } from '../../providers/httpClient';
import { SettingsSection } from './SettingsSection';

const QUERY_KEY = ['sso-config'];

interface FormValues {
  id: 'sso';
  enabled: boolean;
  provider_name: string;
  issuer: string;
  client_id: string;
  client_secret: string;
  /** Lists are typed as text, one entry per comma or line. */
  email_domains: string;
  sso_only: boolean;
  break_glass_usernames: string;
  create_users: { enabled: boolean; node_id: number | null; role_id: number | null };
}

const list = (text: string | undefined) =>
  (text ?? '')
    .split(/[,\s]+/)
    .map((v) => v.trim())
    .filter(Boolean);

function toForm(data: SsoConfigData): FormValues {
  return {
    id: 'sso',
    enabled: data.enabled,
    provider_name: data.provider_name,
    issuer: data.issuer,
    client_id: data.client_id,
    client_secret: '',
    email_domains: data.email_domains.join(', '),
    sso_only: data.sso_only,
    break_glass_usernames: data.break_glass_usernames.join(', '),
    create_users: data.create_users,
  };
}

function toBody(values: Partial<FormValues>): SsoConfigBody {
  const create = values.create_users ?? { enabled: false, node_id: null, role_id: null };
  return {
    enabled: Boolean(values.enabled),
    provider_name: values.provider_name ?? '',
    issuer: values.issuer ?? '',
    client_id: values.client_id ?? '',
    ...(values.client_secret ? { client_secret: values.client_secret } : {}),
    email_domains: list(values.email_domains),
    sso_only: Boolean(values.sso_only),
    break_glass_usernames: list(values.break_glass_usernames),
    create_users: {
      enabled: Boolean(create.enabled),
      node_id: create.node_id ?? null,
      role_id: create.role_id ?? null,
    },
  };
}

/** Every place of the tree a new person could be given, indented by level. */
function placeChoices(nodes: HierarchyNode[]): { id: number; name: string }[] {
  return nodes.flatMap((node) =>
    node.type === 'unassigned'
      ? []
      : [{ id: node.id, name: `${'\u2003'.repeat(node.level)}${node.name}` }, ...placeChoices(node.children)],
  );
}

/** Reads the issuer typed so far and says what its discovery document shows. */
function TestIssuer() {
  const translate = useTranslate();
  const issuer = useWatch<FormValues, 'issuer'>({ name: 'issuer' });
  const { mutate, data, isPending, reset } = useMutation({
    mutationFn: () =>
      apiFetch<SsoTestData>('/api/sso/test', {
        method: 'POST',
        body: { issuer },
        fallback: 'errors.generic',
      }),
  });
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Button
        variant="outlined"
        disabled={!issuer?.trim() || isPending}
        onClick={() => {
          reset();
          mutate();
        }}
        startIcon={isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
      >
        {translate('settings.sso.test')}
      </Button>
      <Box role="status" sx={{ width: '100%' }}>
        {data && <Alert severity={data.ok ? 'success' : 'warning'}>{data.message}</Alert>}
      </Box>
    </Stack>
  );
}

function NewPeopleFields({
  places,
  roles,
}: {
  places: { id: number; name: string }[];
  roles: { id: number; name: string }[];
}) {
  const on = useWatch<FormValues, 'create_users.enabled'>({ name: 'create_users.enabled' });
  return (
    <>
      <BooleanInput
        source="create_users.enabled"
        label="settings.sso.create_users"
        helperText="settings.sso.create_users_help"
      />
      {on && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }}>
          <SelectInput
            source="create_users.node_id"
            label="settings.sso.create_users_place"
            choices={places}
            sx={{ minWidth: 260 }}
          />
          <SelectInput
            source="create_users.role_id"
            label="settings.sso.create_users_role"
            choices={roles}
            sx={{ minWidth: 220 }}
          />
        </Stack>
      )}
    </>
  );
}

/** The tenant's OpenID Connect provider (issue 28): who signs in through it and how it is reached. */
export function SsoSettings() {
  const translate = useTranslate();
  const notify = useNotify();
  const user = useSessionUser();
  const queryClient = useQueryClient();
  const { data, error, refetch } = useQuery({
    queryKey: QUERY_KEY,
    queryFn: () => apiFetch<SsoConfigData>('/api/sso/config', { fallback: 'errors.generic' }),
  });
  const { data: roles } = useGetList('roles', { pagination: { page: 1, perPage: 1000 } });
  const { mutateAsync: save } = useMutation({
    mutationFn: (body: SsoConfigBody) =>
      apiFetch<SsoConfigData>('/api/sso/config', { method: 'PUT', body, fallback: 'errors.settings_save' }),
  });
  const record = useMemo(() => (data ? toForm(data) : undefined), [data]);
  const places = useMemo(() => placeChoices(user?.rawHierarchy ?? []), [user?.rawHierarchy]);
  const roleChoices = useMemo(
    () => (roles ?? []).map((r) => ({ id: r.id as number, name: String(r.name) })),
    [roles],
  );
  const [formKey, setFormKey] = useState(0);

  const submit = async (values: Partial<FormValues>) => {
    try {
      const next = await save(toBody(values));
      queryClient.setQueryData(QUERY_KEY, next);
      // The secret field empties again: what was typed is stored, never shown.
      setFormKey((k) => k + 1);
      notify('settings.sso.saved', { type: 'success' });
      return undefined;
    } catch (err) {
      notify(err instanceof Error ? err.message : 'errors.settings_save', { type: 'error' });
      if (!(err instanceof ApiError)) return undefined;
      const { create_users: createUsers, ...fields } = err.errors;
      return createUsers ? { ...fields, create_users: { node_id: createUsers } } : fields;
    }
  };

  return (
    <SettingsSection testId="sso-settings" title="settings.sso.title" subheader="settings.sso.subheader">
      {error ? (
        <RefreshAlert error={error} onRefresh={() => refetch()} />
      ) : !record || !data ? (
        <CircularProgress aria-label={translate('ra.page.loading')} />
      ) : (
        <Form key={formKey} record={record} onSubmit={submit}>
          <Stack spacing={1} sx={{ maxWidth: 720 }}>
            <BooleanInput source="enabled" label="settings.sso.enabled" helperText={false} />
            <Typography variant="body2">{translate('settings.sso.callback_intro')}</Typography>
            <Typography
              variant="body2"
              component="code"
              sx={{
                fontFamily: 'monospace',
                wordBreak: 'break-all',
                bgcolor: 'action.hover',
                p: 1,
                borderRadius: 1,
              }}
              data-testid="sso-callback-url"
            >
              {data.callback_url}
            </Typography>
            <TextInput
              source="provider_name"
              label="settings.sso.provider_name"
              helperText="settings.sso.provider_name_help"
            />
            <TextInput source="issuer" label="settings.sso.issuer" helperText="settings.sso.issuer_help" />
            <TestIssuer />
            <TextInput source="client_id" label="settings.sso.client_id" helperText={false} />
            <TextInput
              source="client_secret"
              type="password"
              autoComplete="new-password"
              label="settings.sso.client_secret"
              helperText={
                !data.client_secret_set
                  ? 'settings.sso.client_secret_unset'
                  : data.client_secret_opens
                    ? 'settings.sso.client_secret_set'
                    : 'settings.sso.client_secret_unreadable'
              }
            />
            <TextInput
              source="email_domains"
              label="settings.sso.email_domains"
              helperText="settings.sso.email_domains_help"
            />
            <BooleanInput
              source="sso_only"
              label="settings.sso.sso_only"
              helperText="settings.sso.sso_only_help"
            />
            <TextInput
              source="break_glass_usernames"
              label="settings.sso.break_glass"
              helperText="settings.sso.break_glass_help"
            />
            <NewPeopleFields places={places} roles={roleChoices} />
            <div>
              <SaveButton label="settings.sso.save" />
            </div>
          </Stack>
        </Form>
      )}
    </SettingsSection>
  );
}
