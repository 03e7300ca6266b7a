import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';
import { ApiError } from '../../providers/httpClient';
import { ProfileCard } from './ProfileCard';

type Errors = Partial<Record<'current' | 'next' | 'confirm', string>>;

/** Changes the password with the current one; this browser stays signed in, other devices do not. */
export function PasswordCard({ disabled }: { disabled?: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const dataProvider = useDataProvider<AppDataProvider>();
  const { mutate: change, isPending: busy } = useMutation({
    mutationFn: () => dataProvider.changePassword(current, next),
    onSuccess: () => {
      notify('profile.notify.password_changed', { type: 'success' });
      setCurrent('');
      setNext('');
      setConfirm('');
    },
    onError: (error: Error) => {
      if (error instanceof ApiError)
        setErrors({ current: error.errors.current_password, next: error.errors.password });
      notify(error.message, { type: 'error' });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {};
    if (!current) found.current = translate('ra.validation.required');
    if (next.length < 8) found.next = translate('auth.password_too_short');
    if (confirm !== next) found.confirm = translate('auth.passwords_differ');
    setErrors(found);
    if (Object.keys(found).length) return;
    change();
  };

  return (
    <ProfileCard title="profile.sections.password" testId="password-card" onSubmit={submit}>
      <Stack spacing={2} sx={{ maxWidth: 420 }}>
        <TextField
          type="password"
          label={translate('profile.fields.current_password')}
          autoComplete="current-password"
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
          error={Boolean(errors.current)}
          helperText={errors.current}
          disabled={disabled}
          size="small"
        />
        <TextField
          type="password"
          label={translate('profile.fields.new_password')}
          autoComplete="new-password"
          value={next}
          onChange={(e) => setNext(e.target.value)}
          error={Boolean(errors.next)}
          helperText={errors.next}
          disabled={disabled}
          size="small"
        />
        <TextField
          type="password"
          label={translate('profile.fields.confirm_password')}
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
          error={Boolean(errors.confirm)}
          helperText={errors.confirm}
          disabled={disabled}
          size="small"
        />
        <div>
          <Button type="submit" variant="outlined" disabled={disabled || busy}>
            {translate('profile.actions.change_password')}
          </Button>
        </div>
      </Stack>
    </ProfileCard>
  );
}
