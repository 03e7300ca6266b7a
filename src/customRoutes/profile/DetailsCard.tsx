import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { Profile } from '../../../contract/api/profile';
import type { AppDataProvider } from '../../providers/dataProvider';
import type { ProfileChanges } from '../../providers/dataProvider/profile';
import { ApiError } from '../../providers/httpClient';
import { applyProfileToSession } from '../../providers/session';
import { AvatarPicker } from './AvatarPicker';
import { ProfileCard } from './ProfileCard';
import { ProfileFieldInput } from './ProfileFieldInput';
import { profileQuery } from './profileQuery';

const valuesOf = (profile: Profile) =>
  Object.fromEntries(profile.profile_data.map((v) => [v.field_id, v.value])) as Record<number, string>;

/** Picture, preferred name and the tenant's profile fields; saved together with one call. */
/** What the person sees of themselves but an administrator sets. */
const ADMIN_FIELDS = ['firstname', 'lastname', 'email'] as const;

export function DetailsCard({ profile, readOnly }: { profile: Profile; readOnly: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [preferred, setPreferred] = useState(profile.preferred_name ?? '');
  const [avatar, setAvatar] = useState({ hash: profile.avatar, url: profile.avatar_url });
  const [values, setValues] = useState(() => valuesOf(profile));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const initials = `${profile.firstname.charAt(0)}${profile.lastname.charAt(0)}`;
  const { mutate: save, isPending: busy } = useMutation({
    mutationFn: (changes: ProfileChanges) => dataProvider.updateProfile(changes),
    onSuccess: async (saved) => {
      applyProfileToSession(saved);
      queryClient.setQueryData(profileQuery(dataProvider).queryKey, saved);
      // The app bar's name and picture come from react-admin's identity, cached by react-query.
      await queryClient.invalidateQueries({ queryKey: ['auth', 'getIdentity'] });
      notify('profile.notify.saved', { type: 'success' });
    },
    onError: (error: Error) => {
      if (error instanceof ApiError) setErrors(error.errors);
      notify(error.message, { type: 'error' });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const missing: Record<string, string> = {};
    for (const field of profile.fields)
      if (field.required && !values[field.id]?.trim())
        missing[`profile_data.${field.id}`] = translate('ra.validation.required');
    setErrors(missing);
    if (Object.keys(missing).length) return;
    save({
      preferred_name: preferred.trim() || null,
      avatar: avatar.hash,
      profile_data: profile.fields.map((f) => ({ field_id: f.id, value: values[f.id] ?? '' })),
    });
  };

  return (
    <ProfileCard title="profile.sections.details" testId="profile-details" onSubmit={submit}>
      <AvatarPicker
        url={avatar.url}
        initials={initials}
        disabled={readOnly}
        onChange={(next) => setAvatar(next ? { hash: next.hash, url: next.url } : { hash: null, url: null })}
      />
      {errors.avatar && (
        <Typography color="error" variant="caption">
          {errors.avatar}
        </Typography>
      )}
      <Grid container spacing={2} sx={{ mt: 2 }}>
        {ADMIN_FIELDS.map((field) => (
          <Grid key={field} size={{ xs: 12, sm: 6 }}>
            <TextField
              label={translate(`profile.fields.${field}`)}
              value={profile[field]}
              disabled
              fullWidth
              size="small"
              // Under the last of them: the administrator keeps all three.
              helperText={field === 'email' ? translate('profile.helpers.name_by_admin') : undefined}
            />
          </Grid>
        ))}
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            label={translate('profile.fields.preferred_name')}
            value={preferred}
            onChange={(e) => setPreferred(e.target.value)}
            disabled={readOnly}
            error={Boolean(errors.preferred_name)}
            helperText={errors.preferred_name ?? translate('profile.helpers.preferred_name')}
            fullWidth
            size="small"
            slotProps={{ htmlInput: { maxLength: 100 } }}
          />
        </Grid>
      </Grid>
      {profile.fields.length > 0 && (
        <>
          <Divider sx={{ my: 3 }} />
          <Typography component="h3" variant="subtitle1" sx={{ mb: 2 }}>
            {translate('profile.sections.fields')}
          </Typography>
          <Grid container spacing={2}>
            {profile.fields.map((field) => (
              <Grid key={field.id} size={{ xs: 12, sm: 6 }}>
                <ProfileFieldInput
                  field={field}
                  value={values[field.id] ?? ''}
                  onChange={(value) => setValues((v) => ({ ...v, [field.id]: value }))}
                  error={errors[`profile_data.${field.id}`]}
                  disabled={readOnly}
                />
              </Grid>
            ))}
          </Grid>
        </>
      )}
      {!readOnly && (
        <Box sx={{ mt: 3 }}>
          <Button type="submit" variant="contained" disabled={busy}>
            {translate('profile.actions.save')}
          </Button>
        </Box>
      )}
    </ProfileCard>
  );
}
