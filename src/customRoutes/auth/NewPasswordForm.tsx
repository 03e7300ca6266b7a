import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { type FormEvent, type ReactNode, useState } from 'react';
import { translate } from '../../i18n/translate';
import { PasswordField } from './PasswordField';

// The server's rule (8 to 128 characters); checking it here saves a round trip.
const MIN_LENGTH = 8;

interface NewPasswordFormProps {
  submitLabel: string;
  onSubmit: (password: string) => Promise<void>;
  footer?: ReactNode;
}

/** New password + confirmation, shared by the reset link and the forced change. */
export function NewPasswordForm({ submitLabel, onSubmit, footer }: NewPasswordFormProps) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [fieldError, setFieldError] = useState<{ password?: string; confirm?: string }>({});
  const [failure, setFailure] = useState<string>();
  const [submitting, setSubmitting] = useState(false);

  const updateFailed = translate('errors.password_update');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (password.length < MIN_LENGTH) {
      setFieldError({ password: translate('auth.password_too_short') });
      return;
    }
    if (password !== confirm) {
      setFieldError({ confirm: translate('auth.passwords_differ') });
      return;
    }
    setFieldError({});
    setFailure(undefined);
    setSubmitting(true);
    try {
      await onSubmit(password);
    } catch (e) {
      setFailure(e instanceof Error ? e.message : updateFailed);
      setSubmitting(false);
    }
  };

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={0.5}>
      {failure && (
        <Alert severity="error" role="alert">
          {/* Spec §8 names the failure; the server's reason (a rule, an expired link) says what to do. */}
          <AlertTitle>{updateFailed}</AlertTitle>
          {failure !== updateFailed && failure}
        </Alert>
      )}
      <PasswordField
        label={translate('auth.new_password')}
        name="password"
        autoComplete="new-password"
        autoFocus
        required
        value={password}
        error={Boolean(fieldError.password)}
        helperText={fieldError.password ?? translate('auth.password_too_short')}
        onChange={(e) => setPassword(e.target.value)}
      />
      <PasswordField
        label={translate('auth.confirm_password')}
        name="confirm"
        autoComplete="new-password"
        required
        value={confirm}
        error={Boolean(fieldError.confirm)}
        helperText={fieldError.confirm}
        onChange={(e) => setConfirm(e.target.value)}
      />
      <Button type="submit" variant="contained" size="large" disabled={submitting} sx={{ mt: 2 }}>
        {submitLabel}
      </Button>
      {footer}
    </Stack>
  );
}
