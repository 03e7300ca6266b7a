import RestartAltIcon from '@mui/icons-material/RestartAlt';
import SaveIcon from '@mui/icons-material/Save';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useMemo, useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { ThemeSetting } from '../../../contract/api/session';
import { THEME_KEYS, type ThemeKey } from '../../../contract/constants';
import { ColourSwatch } from '../../components/ColourSwatch';
import { RefreshAlert } from '../../components/LoadFailure';
import { useSessionUser } from '../../hooks/useSession';
import { accentShades } from '../../providers/contrast';
import type { AppDataProvider } from '../../providers/dataProvider';
import { reloadSession } from '../../providers/session';
import type { ThemeValues } from '../../session/theme';
import { ColourSetting, HEX_COLOUR } from './ColourSetting';
import { contrastChecks, WCAG_AA_TEXT } from './contrast';
import { LogoSetting } from './LogoSetting';
import { SettingsSection } from './SettingsSection';
import { themeQuery } from './settingsQueries';
import { ThemePreview } from './ThemePreview';

const COLOUR_GROUPS: { title: string; keys: Exclude<ThemeKey, 'logo'>[] }[] = [
  { title: 'theme.groups.brand', keys: ['primary', 'secondary', 'tertiary'] },
  {
    title: 'theme.groups.surfaces',
    keys: [
      'bg_primary',
      'text_bg_primary',
      'bg_secondary',
      'text_bg_secondary',
      'bg_tertiary',
      'text_bg_tertiary',
    ],
  },
];

const valuesOf = (settings: readonly ThemeSetting[], field: 'value' | 'default') =>
  Object.fromEntries(
    THEME_KEYS.map((k) => [k.key, settings.find((s) => s.id === k.id)?.[field] ?? k.default]),
  ) as ThemeValues;

function ContrastWarnings({ values }: { values: ThemeValues }) {
  const translate = useTranslate();
  const valid = Object.entries(values).every(([key, value]) => key === 'logo' || HEX_COLOUR.test(value));
  if (!valid) return null;
  const failing = contrastChecks(values).filter((check) => !check.passes);
  if (failing.length === 0) {
    return (
      <Alert severity="success" data-testid="contrast-ok">
        {translate('theme.contrast.ok', { min: WCAG_AA_TEXT })}
      </Alert>
    );
  }
  return (
    <Stack spacing={1} data-testid="contrast-warnings">
      {failing.map((check) => (
        <Alert severity="warning" key={check.label}>
          {translate('theme.contrast.low', {
            pair: translate(check.label),
            ratio: check.ratio.toFixed(2),
            min: WCAG_AA_TEXT,
          })}
        </Alert>
      ))}
    </Stack>
  );
}

const Swatch = ({ colour }: { colour: string }) => <ColourSwatch colour={colour} sx={{ mx: 0.5 }} />;

/**
 * The brand colours as text: where one is too light (or dark) to read on the panels and the page,
 * the app draws its text, links and borders in a readable shade of it; this says which and what.
 */
function AccentShades({ values }: { values: ThemeValues }) {
  const translate = useTranslate();
  const valid = Object.entries(values).every(([key, value]) => key === 'logo' || HEX_COLOUR.test(value));
  if (!valid) return null;
  const adjusted = accentShades(values).filter((shade) => shade.adjusted);
  if (adjusted.length === 0) return null;
  return (
    <Stack spacing={1} data-testid="accent-shades">
      {adjusted.map((shade) => (
        <Alert severity="info" key={shade.key}>
          <Swatch colour={shade.colour} />
          <Swatch colour={shade.used} />
          {translate('theme.contrast.derived', {
            colour: translate(`theme.keys.${shade.key}`),
            value: shade.colour,
            ratio: shade.ratio.toFixed(2),
            min: WCAG_AA_TEXT,
            used: shade.used,
            used_ratio: shade.usedRatio.toFixed(2),
          })}
        </Alert>
      ))}
    </Stack>
  );
}

/**
 * The theme editor of spec §3 (ids 1–10): logo, colours with their shades, a live preview and
 * contrast warnings. Nothing changes for the tenant until Save; then the running app takes the
 * new theme at once.
 */
export function ThemeEditor({ canUpdate }: { canUpdate: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const user = useSessionUser();
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const query = themeQuery(dataProvider);
  const { data: saved, error, refetch } = useQuery(query);
  // Unsaved edits; undefined shows what the server holds.
  const [edited, setEdited] = useState<ThemeValues>();

  const defaults = useMemo(() => (saved ? valuesOf(saved, 'default') : undefined), [saved]);
  const savedValues = useMemo(() => (saved ? valuesOf(saved, 'value') : undefined), [saved]);
  const values = edited ?? savedValues;
  const dirty = Boolean(
    values && savedValues && THEME_KEYS.some((k) => values[k.key] !== savedValues[k.key]),
  );
  const invalid = Boolean(
    values && THEME_KEYS.some((k) => k.key !== 'logo' && !HEX_COLOUR.test(values[k.key].trim())),
  );
  const tenantName = user?.tenant.name ?? '';

  const set = (key: ThemeKey) => (value: string) =>
    setEdited((current) => {
      const base = current ?? savedValues;
      return base && { ...base, [key]: value };
    });

  const { mutate: save, isPending: saving } = useMutation({
    mutationFn: (next: ThemeValues) =>
      dataProvider.updateTheme(THEME_KEYS.map((k) => ({ id: k.id, key: k.key, value: next[k.key].trim() }))),
    onSuccess: async (next) => {
      queryClient.setQueryData(query.queryKey, next);
      setEdited(undefined);
      notify('theme.saved', { type: 'success' });
      await reloadSession().catch(() => undefined);
    },
    onError: (e: Error) => notify(e.message, { type: 'error' }),
  });

  let body: ReactNode;
  if (error) {
    body = <RefreshAlert error={error} onRefresh={() => refetch()} />;
  } else if (!values || !defaults || !savedValues) {
    body = (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
        <CircularProgress aria-label={translate('ra.page.loading')} />
      </Box>
    );
  } else {
    body = (
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, lg: 7 }}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            {translate('theme.keys.logo')}
          </Typography>
          <LogoSetting
            value={values.logo}
            tenantName={tenantName}
            disabled={!canUpdate}
            onChange={set('logo')}
          />
          {COLOUR_GROUPS.map((group) => (
            <Box key={group.title} sx={{ mt: 3 }}>
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                {translate(group.title)}
              </Typography>
              {group.keys.map((key) => (
                <ColourSetting
                  key={key}
                  name={key}
                  label={translate(`theme.keys.${key}`)}
                  value={values[key]}
                  defaultValue={defaults[key]}
                  disabled={!canUpdate}
                  onChange={set(key)}
                />
              ))}
            </Box>
          ))}
        </Grid>
        <Grid size={{ xs: 12, lg: 5 }}>
          <Stack spacing={2} sx={{ position: { lg: 'sticky' }, top: { lg: 80 } }}>
            <ThemePreview values={values} tenantName={tenantName} />
            <ContrastWarnings values={values} />
            <AccentShades values={values} />
          </Stack>
        </Grid>
        {canUpdate && (
          <Grid size={12}>
            <Divider sx={{ mb: 2 }} />
            <Stack direction="row" spacing={1}>
              <Button
                variant="contained"
                startIcon={saving ? <CircularProgress size={16} color="inherit" /> : <SaveIcon />}
                disabled={!dirty || invalid || saving}
                onClick={() => values && save(values)}
              >
                {translate('theme.save')}
              </Button>
              <Button
                startIcon={<RestartAltIcon />}
                disabled={!dirty || saving}
                onClick={() => setEdited(undefined)}
              >
                {translate('theme.discard')}
              </Button>
            </Stack>
          </Grid>
        )}
      </Grid>
    );
  }

  return (
    <SettingsSection title="theme.title" subheader="theme.subheader">
      {body}
    </SettingsSection>
  );
}
