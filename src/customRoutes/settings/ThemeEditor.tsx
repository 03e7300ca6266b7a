import RestartAltIcon from '@mui/icons-material/RestartAlt';
import SaveIcon from '@mui/icons-material/Save';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import type { ThemeSetting } from '../../../contract/api/session';
import { THEME_KEYS, type ThemeKey } from '../../../contract/constants';
import { useSessionUser } from '../../hooks/useSession';
import type { ThemeValues } from '../../providers/theme';
import { ColourSetting, HEX_COLOUR } from './ColourSetting';
import { contrastChecks, WCAG_AA_TEXT } from './contrast';
import { LogoSetting } from './LogoSetting';
import { refreshSessionUser } from './refreshSession';
import { FALLBACK, fetchTheme, saveTheme } from './settingsApi';
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

/**
 * The theme editor of spec §3 (ids 1–10): logo, colours with their shades, a live preview and
 * contrast warnings. Nothing changes for the tenant until Save; then the running app takes the
 * new theme at once.
 */
export function ThemeEditor({ canUpdate }: { canUpdate: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const user = useSessionUser();
  const [saved, setSaved] = useState<ThemeSetting[]>();
  const [values, setValues] = useState<ThemeValues>();
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);

  const load = useCallback(async () => {
    setError(undefined);
    try {
      const settings = await fetchTheme();
      setSaved(settings);
      setValues(valuesOf(settings, 'value'));
    } catch (e) {
      setError(e instanceof Error ? e.message : FALLBACK.fetchTheme);
    }
  }, []);
  useEffect(() => {
    load();
  }, [load]);

  const defaults = useMemo(() => (saved ? valuesOf(saved, 'default') : undefined), [saved]);
  const savedValues = useMemo(() => (saved ? valuesOf(saved, 'value') : undefined), [saved]);
  const dirty = Boolean(
    values && savedValues && THEME_KEYS.some((k) => values[k.key] !== savedValues[k.key]),
  );
  const invalid = Boolean(
    values && THEME_KEYS.some((k) => k.key !== 'logo' && !HEX_COLOUR.test(values[k.key].trim())),
  );
  const tenantName = user?.tenant.name ?? '';

  const set = (key: ThemeKey) => (value: string) =>
    setValues((current) => current && { ...current, [key]: value });

  const save = async () => {
    if (!values) return;
    setSaving(true);
    try {
      const next = await saveTheme(
        THEME_KEYS.map((k) => ({ id: k.id, key: k.key, value: values[k.key].trim() })),
      );
      setSaved(next);
      setValues(valuesOf(next, 'value'));
      notify('theme.saved', { type: 'success' });
      await refreshSessionUser().catch(() => undefined);
    } catch (e) {
      notify(e instanceof Error ? e.message : FALLBACK.saveTheme, { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  let body: ReactNode;
  if (error) {
    body = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={load}>
            {translate('ra.action.refresh')}
          </Button>
        }
      >
        {error}
      </Alert>
    );
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
                onClick={save}
              >
                {translate('theme.save')}
              </Button>
              <Button
                startIcon={<RestartAltIcon />}
                disabled={!dirty || saving}
                onClick={() => setValues(savedValues)}
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
    <Card>
      <CardHeader
        title={translate('theme.title')}
        subheader={translate('theme.subheader')}
        slotProps={{ title: { variant: 'h6', component: 'h2' } }}
      />
      <CardContent sx={{ pt: 0 }}>{body}</CardContent>
    </Card>
  );
}
