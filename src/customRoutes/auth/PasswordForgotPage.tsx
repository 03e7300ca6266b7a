import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { type FormEvent, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { translate } from '../../i18n/translate';
import { authProvider } from '../../providers/authProvider';
import { EntryLayout } from './EntryLayout';
import { UsernameField } from './UsernameField';

export function PasswordForgotPage() {
  const navigate = useNavigate();
  const [username, setUsername] = useState('');
  const [error, setError] = useState<string>();
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!username.trim()) {
      setError(translate('auth.required'));
      return;
    }
    setSubmitting(true);
    setError(undefined);
    try {
      navigate(await authProvider.requestPasswordReset(username), { replace: true });
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      setSubmitting(false);
    }
  };

  return (
    <EntryLayout title={translate('auth.forgot_title')} subtitle={translate('auth.forgot_subtitle')}>
      <Stack component="form" noValidate onSubmit={submit} spacing={0.5}>
        {error && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
        <UsernameField value={username} onChange={(e) => setUsername(e.target.value)} />
        <Button type="submit" variant="contained" size="large" disabled={submitting} sx={{ mt: 2 }}>
          {translate('auth.forgot_submit')}
        </Button>
        <Link component={RouterLink} to="/login" variant="body2" sx={{ alignSelf: 'center', mt: 2 }}>
          {translate('auth.back_to_sign_in')}
        </Link>
      </Stack>
    </EntryLayout>
  );
}
