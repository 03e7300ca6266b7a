import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { translate } from '../../i18n/translate';

/** The username (an e-mail) that starts signing in and a password reset, focused on arrival. */
export function UsernameField(props: Omit<TextFieldProps, 'label' | 'name' | 'type'>) {
  return (
    <TextField
      label={translate('auth.username')}
      name="username"
      type="email"
      autoComplete="username"
      autoFocus
      required
      {...props}
    />
  );
}
