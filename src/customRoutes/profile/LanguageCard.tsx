import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { Profile } from '../../../contract/api/profile';
import { isLanguage, LANGUAGE_TABLE, type Language } from '../../../contract/languages';
import { useSessionUser } from '../../hooks/useSession';
import { browserLanguage, LANGUAGE_CHOICES, languageOf } from '../../i18n/language';
import type { AppDataProvider } from '../../providers/dataProvider';
import { applyProfileToSession } from '../../providers/session';
import { ProfileCard } from './ProfileCard';
import { profileQuery } from './profileQuery';

/** The select's value for "no choice of my own": the tenant's default, else the browser's. */
const DEFAULT = 'default';

/**
 * A new language re-renders the app from react-admin's i18n context down, notifications included,
 * so "saved" is said by the card that the new language mounts.
 */
let savedBeforeSwitch = false;

/**
 * Issue 31: the language the person reads Storeline in. A choice saves at once, and the whole app
 * switches to it as soon as the server has it, without signing out.
 */
export function LanguageCard({ profile, readOnly }: { profile: Profile; readOnly: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<AppDataProvider>();
  const user = useSessionUser();
  const fallback = user?.settings.language ?? browserLanguage();
  useEffect(() => {
    if (!savedBeforeSwitch) return;
    savedBeforeSwitch = false;
    notify('profile.language.saved', { type: 'success' });
  }, [notify]);
  const { mutate: save, isPending: saving } = useMutation({
    mutationFn: (language: Language | null) => dataProvider.updateProfile({ language }),
    onSuccess: (saved) => {
      queryClient.setQueryData(profileQuery(dataProvider).queryKey, saved);
      const switching = (saved.language ?? fallback) !== languageOf(user);
      if (switching) savedBeforeSwitch = true;
      else notify('profile.language.saved', { type: 'success' });
      // The session's language is what the app reads: this switches every screen.
      applyProfileToSession(saved);
    },
    onError: (error: Error) => notify(error.message, { type: 'error' }),
  });
  const value = profile.language ?? DEFAULT;

  return (
    <ProfileCard title="profile.language.title" testId="profile-language">
      <TextField
        select
        id="profile-language"
        label={translate('profile.language.label')}
        value={value}
        onChange={(event) => {
          const next = event.target.value;
          save(isLanguage(next) ? next : null);
        }}
        disabled={readOnly || saving}
        helperText={translate('profile.language.help')}
        size="small"
        sx={{ minWidth: 260 }}
      >
        <MenuItem value={DEFAULT}>
          {translate('profile.language.default', { language: LANGUAGE_TABLE[fallback].name })}
        </MenuItem>
        {LANGUAGE_CHOICES.map(({ id, name }) => (
          <MenuItem key={id} value={id} lang={id}>
            {name}
          </MenuItem>
        ))}
      </TextField>
    </ProfileCard>
  );
}
