import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useQuery } from '@tanstack/react-query';
import { LoadingIndicator, Title, useCanAccess, useDataProvider, useTranslate } from 'react-admin';
import { RetryAlert } from '../../components/LoadFailure';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import type { AppDataProvider } from '../../providers/dataProvider';
import type { PageProps } from '../../routing/types';
import { DetailsCard } from './DetailsCard';
import { LanguageCard } from './LanguageCard';
import { NotificationsCard } from './NotificationsCard';
import { PasswordCard } from './PasswordCard';
import { profileQuery } from './profileQuery';
import { SessionsCard } from './SessionsCard';

/** Spec §2 /profile: one's own picture, preferred name and profile fields, and the password. */
export default function ProfilePage({ title }: PageProps) {
  useDocumentTitle(title);
  const translate = useTranslate();
  const { canAccess: canUpdate, isPending: checking } = useCanAccess({
    resource: 'profile',
    action: 'update',
  });
  const dataProvider = useDataProvider<AppDataProvider>();
  const { data, error, isPending, refetch } = useQuery(profileQuery(dataProvider));
  const readOnly = canUpdate !== true;
  return (
    <Stack spacing={2} sx={{ maxWidth: 880, mt: 2 }}>
      <Title title={title} />
      {isPending || checking ? (
        <LoadingIndicator />
      ) : error || !data ? (
        <RetryAlert error={error} onRetry={() => void refetch()} />
      ) : (
        <>
          {readOnly && <Alert severity="info">{translate('profile.read_only')}</Alert>}
          {/* Keyed by the loaded profile so the form starts from what the server holds. */}
          <DetailsCard key={data.id} profile={data} readOnly={readOnly} />
          <LanguageCard profile={data} readOnly={readOnly} />
          <PasswordCard disabled={readOnly} />
          <SessionsCard />
          <NotificationsCard />
        </>
      )}
    </Stack>
  );
}
