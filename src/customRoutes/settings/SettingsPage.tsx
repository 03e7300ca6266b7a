import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Title, useCanAccess, useDataProvider, useTranslate } from 'react-admin';
import { RefreshAlert } from '../../components/LoadFailure';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import type { AppDataProvider } from '../../providers/dataProvider';
import type { PageProps } from '../../routing/types';
import { ApiTokensSettings } from './ApiTokensSettings';
import { GeneralSettings } from './GeneralSettings';
import { NotificationDefaultsSettings } from './NotificationDefaultsSettings';
import { ScimSettings } from './ScimSettings';
import { SsoSettings } from './SsoSettings';
import { settingsQuery } from './settingsQueries';
import { TaskTypesSettings } from './TaskTypesSettings';
import { ThemeEditor } from './ThemeEditor';
import { WebhooksSettings } from './WebhooksSettings';

/** Task types matter wherever tasks are used. */
const TASK_MODULES = ['mytasks', 'taskmanagement'];

/** Spec §2 /settings: the tenant's terms, modules, calendar week and, with the theme module, its look. */
export default function SettingsPage({ title }: PageProps) {
  useDocumentTitle(title);
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const query = settingsQuery(dataProvider);
  const { data, error, refetch } = useQuery(query);
  const themeRead = useCanAccess({ resource: 'theme', action: 'read' });
  const themeUpdate = useCanAccess({ resource: 'theme', action: 'update' });
  const settingUpdate = useCanAccess({ resource: 'setting', action: 'update' });

  return (
    <Box sx={{ py: { xs: 1, sm: 2 }, maxWidth: 1280 }} data-testid="settings-page">
      <Title title={title} />
      <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
        {title}
      </Typography>
      <Stack spacing={2}>
        {error ? (
          <RefreshAlert error={error} onRefresh={() => refetch()} />
        ) : data ? (
          <GeneralSettings data={data} onSaved={(next) => queryClient.setQueryData(query.queryKey, next)} />
        ) : (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
            <CircularProgress aria-label={translate('ra.page.loading')} />
          </Box>
        )}
        {data?.modules.some((m) => TASK_MODULES.includes(m.id) && m.enabled) && <TaskTypesSettings />}
        {themeRead.canAccess && <ThemeEditor canUpdate={Boolean(themeUpdate.canAccess)} />}
        {settingUpdate.canAccess && <SsoSettings />}
        {settingUpdate.canAccess && <ScimSettings />}
        {settingUpdate.canAccess && <ApiTokensSettings />}
        {settingUpdate.canAccess && <WebhooksSettings />}
        {settingUpdate.canAccess && <NotificationDefaultsSettings />}
      </Stack>
    </Box>
  );
}
