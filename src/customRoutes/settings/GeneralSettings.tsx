import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useMemo } from 'react';
import {
  BooleanInput,
  Form,
  maxLength,
  NumberInput,
  SaveButton,
  SelectInput,
  TextInput,
  useDataProvider,
  useNotify,
  useTranslate,
} from 'react-admin';
import { type SettingData, type SettingUpdateBody, TERM_MAX_LENGTH } from '../../../contract/api/settings';
import { LANGUAGE_TABLE, LANGUAGES, type Language } from '../../../contract/languages';
import { useSessionUser } from '../../hooks/useSession';
import { messageChoices } from '../../i18n/choices';
import { LANGUAGE_CHOICES } from '../../i18n/language';
import { pluralOf } from '../../i18n/terms';
import { hasModuleAccess } from '../../providers/accessControl';
import type { AppDataProvider } from '../../providers/dataProvider';
import { ApiError } from '../../providers/httpClient';
import { reloadSession } from '../../providers/session';
import { SettingsSection } from './SettingsSection';
import { LANGUAGE_TERM_KEYS, termKeys } from './termFields';

interface FormValues {
  id: 'settings';
  terms: Record<string, string>;
  modules: Record<string, boolean>;
  week_starting_day: number;
  activity_retention_days: number;
  /** '' for none: each person's browser language. */
  language: Language | '';
}

const WEEK_DAYS = messageChoices('settings.week_days', [0, 1, 2, 3, 4, 5, 6]);

function toForm(data: SettingData, keys: string[]): FormValues {
  return {
    id: 'settings',
    terms: Object.fromEntries(keys.map((key) => [key, data.terms[key] ?? ''])),
    modules: Object.fromEntries(data.modules.map((m) => [m.id, m.enabled])),
    week_starting_day: data.week_starting_day,
    activity_retention_days: data.activity_retention_days ?? 0,
    language: data.language ?? '',
  };
}

/** Terms, modules, week start and the (read-only) workspace limit: one form, one save. */
export function GeneralSettings({
  data,
  onSaved,
}: {
  data: SettingData;
  onSaved: (next: SettingData) => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const user = useSessionUser();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { mutateAsync: save } = useMutation({
    mutationFn: (body: SettingUpdateBody) => dataProvider.updateSettings(body),
  });
  const baseKeys = useMemo(
    () => termKeys(user?.rawHierarchy ?? [], data.terms),
    [user?.rawHierarchy, data.terms],
  );
  const keys = useMemo(() => [...baseKeys, ...LANGUAGE_TERM_KEYS], [baseKeys]);
  const record = useMemo(() => toForm(data, keys), [data, keys]);
  const singular = (data.terms.workspace ?? '').trim() || translate('settings.terms.default_workspace');

  // react-admin's Form takes the field errors a submit answers, hence mutateAsync here.
  const submit = async (values: Partial<FormValues>) => {
    try {
      const next = await save({
        terms: Object.fromEntries(keys.map((key) => [key, values.terms?.[key] ?? ''])),
        modules: data.modules
          .filter((m) => m.editable)
          .map((m) => ({ id: m.id, enabled: Boolean(values.modules?.[m.id]) })),
        week_starting_day: values.week_starting_day,
        activity_retention_days: values.activity_retention_days,
        language: values.language || null,
      });
      onSaved(next);
      notify('settings.saved', { type: 'success' });
      await reloadSession().catch(() => undefined);
      return undefined;
    } catch (error) {
      notify(error instanceof Error ? error.message : 'errors.settings_save', { type: 'error' });
      // Field errors from the server land on their fields (terms.level_2, modules.audit…).
      return error instanceof ApiError && Object.keys(error.errors).length ? error.errors : undefined;
    }
  };

  return (
    <Form record={record} onSubmit={submit}>
      <Stack spacing={2}>
        <SettingsSection title="settings.terms.title" subheader="settings.terms.subheader">
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={{ xs: 0, sm: 2 }}
            useFlexGap
            sx={{ flexWrap: 'wrap' }}
          >
            {baseKeys.map((key) => (
              <TextInput
                key={key}
                source={`terms.${key}`}
                label={translate(`settings.terms.labels.${key.startsWith('level_') ? 'level' : key}`, {
                  level: key.slice('level_'.length),
                })}
                helperText={translate(`settings.terms.helpers.${key.startsWith('level_') ? 'level' : key}`, {
                  plural: pluralOf(singular),
                })}
                validate={maxLength(TERM_MAX_LENGTH)}
                fullWidth={false}
                sx={{ width: { xs: '100%', sm: 260 } }}
              />
            ))}
          </Stack>
        </SettingsSection>

        <SettingsSection
          title="settings.terms.languages_title"
          subheader="settings.terms.languages_subheader"
        >
          {/* A row per term, a column per language: wide enough for "Several are called (Français)". */}
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', md: `repeat(${LANGUAGES.length}, minmax(0, 1fr))` },
              columnGap: 2,
            }}
          >
            {LANGUAGE_TERM_KEYS.map((key) => {
              const [term = '', language] = key.split('@');
              return (
                <TextInput
                  key={key}
                  source={`terms.${key}`}
                  label={translate('settings.terms.in_language', {
                    term: translate(`settings.terms.labels.${term}`),
                    language: LANGUAGE_TABLE[language as Language].name,
                  })}
                  helperText={false}
                  validate={maxLength(TERM_MAX_LENGTH)}
                />
              );
            })}
          </Box>
        </SettingsSection>

        <SettingsSection title="settings.modules.title" subheader="settings.modules.subheader">
          <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', columnGap: 3 }}>
            {data.modules.map((module) => (
              <BooleanInput
                key={module.id}
                source={`modules.${module.id}`}
                label={module.label}
                disabled={!module.editable}
                helperText={module.editable ? false : 'settings.modules.always_on'}
                sx={{ minWidth: 220 }}
              />
            ))}
          </Stack>
        </SettingsSection>

        <SettingsSection title="settings.language.title" subheader="settings.language.subheader">
          <SelectInput
            source="language"
            label="settings.language.label"
            choices={LANGUAGE_CHOICES}
            translateChoice={false}
            emptyText="settings.language.none"
            emptyValue=""
            helperText="settings.language.help"
            fullWidth={false}
            sx={{ minWidth: 260 }}
          />
        </SettingsSection>

        <SettingsSection title="settings.calendar.title" subheader="settings.calendar.subheader">
          <SelectInput
            source="week_starting_day"
            label="settings.calendar.week_start"
            choices={WEEK_DAYS}
            fullWidth={false}
            sx={{ minWidth: 260 }}
          />
          <Typography sx={{ mt: 1 }} data-testid="max-active-workspace">
            {translate('settings.limit.usage', {
              active: data.active_workspaces,
              max: data.max_active_workspace,
            })}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {translate('settings.limit.read_only')}
          </Typography>
        </SettingsSection>

        {user && hasModuleAccess(user, 'activity', ['read']) && (
          <SettingsSection title="settings.activity.title" subheader="settings.activity.subheader">
            <NumberInput
              source="activity_retention_days"
              label="settings.activity.retention"
              helperText="settings.activity.retention_help"
              min={0}
              max={36500}
              step={1}
              fullWidth={false}
              sx={{ minWidth: 260 }}
            />
          </SettingsSection>
        )}
        <div>
          <SaveButton label="settings.save" />
        </div>
      </Stack>
    </Form>
  );
}
