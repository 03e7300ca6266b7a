import Link from '@mui/material/Link';
import { useRef } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { useForcedReset } from '../../hooks/useSession';
import { translate } from '../../i18n/translate';
import { authProvider } from '../../providers/authProvider';
import { guard } from '../../routing/guard';
import { hasToken } from '../../session/tokenCookie';
import { EntryLayout } from './EntryLayout';
import { NewPasswordForm } from './NewPasswordForm';

/** /password/change: only for a signed-in user who must replace a password (spec §2 / §4). */
export function PasswordChangePage() {
  const navigate = useNavigate();
  const forcedReset = useForcedReset();
  // Once the password is saved the flag drops; the page is on its way to "/" and must not bounce to login.
  const saved = useRef(false);
  const decision = guard({
    pathname: '/password/change',
    hasToken: hasToken(),
    forcedReset,
    user: undefined,
  });
  if (decision.kind === 'redirect' && !saved.current) return <Navigate to={decision.to} replace />;

  const submit = async (password: string) => {
    try {
      await authProvider.changeForcedPassword(password);
    } catch (error) {
      // This page is outside <Admin>: hand a failure to checkError as react-admin would, so a
      // session that ended meanwhile goes to sign-in like anywhere else (spec §8).
      await authProvider
        .checkError(error)
        .catch(({ redirectTo }: { redirectTo: string }) => navigate(redirectTo, { replace: true }));
      throw error;
    }
    saved.current = true;
    // The session stays valid: "/" verifies again and sends the user to their first page.
    navigate('/', { replace: true });
  };
  const signOut = async () => {
    const redirect = await authProvider.logout({});
    navigate(typeof redirect === 'string' ? redirect : '/login', { replace: true });
  };

  return (
    <EntryLayout title={translate('auth.change_title')} subtitle={translate('auth.change_subtitle')}>
      <NewPasswordForm
        submitLabel={translate('auth.change_submit')}
        onSubmit={submit}
        footer={
          <Link
            component="button"
            type="button"
            variant="body2"
            onClick={signOut}
            sx={{ alignSelf: 'center', mt: 2 }}
          >
            {translate('shell.logout')}
          </Link>
        }
      />
    </EntryLayout>
  );
}
