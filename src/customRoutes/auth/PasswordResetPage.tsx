import Link from '@mui/material/Link';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { translate } from '../../i18n/translate';
import { authProvider } from '../../providers/authProvider';
import { EntryLayout } from './EntryLayout';
import type { LoginNotice } from './LoginPage';
import { NewPasswordForm } from './NewPasswordForm';

/** /password/reset/:token, the link of the reset e-mail. */
export function PasswordResetPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const submit = async (password: string) => {
    const redirect = await authProvider.resetPassword({ token, password });
    const state: LoginNotice = { notice: 'password_reset_done' };
    navigate(redirect, { replace: true, state });
  };
  return (
    <EntryLayout title={translate('auth.reset_title')} subtitle={translate('auth.reset_subtitle')}>
      <NewPasswordForm
        submitLabel={translate('auth.reset_submit')}
        onSubmit={submit}
        footer={
          <Link component={RouterLink} to="/login" variant="body2" sx={{ alignSelf: 'center', mt: 2 }}>
            {translate('auth.back_to_sign_in')}
          </Link>
        }
      />
    </EntryLayout>
  );
}
