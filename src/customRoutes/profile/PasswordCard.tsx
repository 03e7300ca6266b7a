import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';
import { ApiError } from '../../providers/httpClient';
import { ProfileCard } from './ProfileCard';

type Field = 'current' | 'next' | 'confirm';
type Errors = Partial<Record<Field, string>>;

const EMPTY: Record<Field, string> = { current: '', next: '', confirm: '' };

const FIELDS: { name: Field; label: string; autoComplete: string }[] = [
  { name: 'current', label: 'profile.fields.current_password', autoComplete: 'current-password' },
  { name: 'next', label: 'profile.fields.new_password', autoComplete: 'new-password' },
  { name: 'confirm', label: 'profile.fields.confirm_password', autoComplete: 'new-password' },
];

/** Changes the password with the current one; this browser stays signed in, other devices do not. */
export function PasswordCard({ disabled }: { disabled?: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [values, setValues] = useState(EMPTY);
  const { current, next, confirm } = values;
  const [errors, setErrors] = useState<Errors>({});
  const dataProvider = useDataProvider<AppDataProvider>();
  const { mutate: change, isPending: busy } = useMutation({
    mutationFn: () => dataProvider.changePassword(current, next),
    onSuccess: () => {
      notify('profile.notify.password_changed', { type: 'success' });
      setValues(EMPTY);
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
        {FIELDS.map(({ name, label, autoComplete }) => (
          <TextField
            key={name}
            type="password"
            label={translate(label)}
            autoComplete={autoComplete}
            value={values[name]}
            onChange={(e) => {
              const typed = e.target.value;
              setValues((v) => ({ ...v, [name]: typed }));
            }}
            error={Boolean(errors[name])}
            helperText={errors[name]}
            disabled={disabled}
            size="small"
          />
        ))}
        <div>
          <Button type="submit" variant="outlined" disabled={disabled || busy}>
            {translate('profile.actions.change_password')}
          </Button>
        </div>
      </Stack>
    </ProfileCard>
  );
}
