import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import { Title, useCanAccess, useTranslate } from 'react-admin';
import type { SettingData } from '../../../contract/api/settings';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import type { PageProps } from '../../routing/routeTable';
import { GeneralSettings } from './GeneralSettings';
import { FALLBACK, fetchSettings } from './settingsApi';
import { ThemeEditor } from './ThemeEditor';

/** Spec §2 /settings: the tenant's terms, modules, calendar week and, with the theme module, its look. */
export default function SettingsPage({ title }: PageProps) {
  useDocumentTitle(title);
  const translate = useTranslate();
  const [data, setData] = useState<SettingData>();
  const [error, setError] = useState<string>();
  const themeRead = useCanAccess({ resource: 'themes', action: 'read' });
  const themeUpdate = useCanAccess({ resource: 'themes', action: 'update' });

  const load = useCallback(async () => {
    setError(undefined);
    try {
      setData(await fetchSettings());
    } catch (e) {
      setError(e instanceof Error ? e.message : FALLBACK.fetchSettings);
    }
  }, []);
  useEffect(() => {
    load();
  }, [load]);

  return (
    <Box sx={{ py: { xs: 1, sm: 2 }, maxWidth: 1280 }} data-testid="settings-page">
      <Title title={title} />
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {title}
      </Typography>
      <Stack spacing={2}>
        {error ? (
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
        ) : data ? (
          <GeneralSettings data={data} onSaved={setData} />
        ) : (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
            <CircularProgress aria-label={translate('ra.page.loading')} />
          </Box>
        )}
        {themeRead.canAccess && <ThemeEditor canUpdate={Boolean(themeUpdate.canAccess)} />}
      </Stack>
    </Box>
  );
}
