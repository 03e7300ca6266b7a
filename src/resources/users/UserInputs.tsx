import Box from '@mui/material/Box';
import { BooleanInput, email, maxLength, PasswordInput, required, TextInput } from 'react-admin';
import type { UserCreateBody, UserUpdateBody } from '../../../contract/api/users';
import { assignsBody, PositionsInput } from './PositionsInput';

const passwordRule = (value: unknown) =>
  typeof value === 'string' && value !== '' && value.length < 8 ? 'users.validation.password' : undefined;

/** The fields the create and edit screens share; the password is optional on both. */
export function UserInputs({ mode }: { mode: 'create' | 'edit' }) {
  return (
    <>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', width: '100%', maxWidth: 720 }}>
        <TextInput
          source="firstname"
          label="users.fields.firstname"
          validate={[required(), maxLength(100)]}
          sx={{ flex: '1 1 240px' }}
        />
        <TextInput
          source="lastname"
          label="users.fields.lastname"
          validate={[required(), maxLength(100)]}
          sx={{ flex: '1 1 240px' }}
        />
      </Box>
      <TextInput
        source="email"
        label="users.fields.email"
        type="email"
        validate={[required(), email(), maxLength(254)]}
        helperText="users.helpers.email"
        sx={{ maxWidth: 720 }}
      />
      <PositionsInput />
      <PasswordInput
        source="password"
        label={mode === 'create' ? 'users.fields.password' : 'users.fields.new_password'}
        validate={passwordRule}
        helperText={mode === 'create' ? 'users.helpers.password_create' : 'users.helpers.password_edit'}
        autoComplete="new-password"
        sx={{ maxWidth: 480, mt: 2 }}
      />
      <BooleanInput
        source="force_reset"
        label="users.fields.force_reset"
        helperText="users.helpers.force_reset"
      />
    </>
  );
}

type FormValues = Record<string, unknown> & { assigns?: Parameters<typeof assignsBody>[0] };

/** Spec §5: the password is sent only when one is given; the username is the e-mail (design §4). */
export function userCreateBody(data: FormValues): UserCreateBody {
  const mail = String(data.email ?? '').trim();
  return {
    username: mail,
    email: mail,
    firstname: String(data.firstname ?? ''),
    lastname: String(data.lastname ?? ''),
    assigns: assignsBody(data.assigns),
    ...(data.password ? { password: String(data.password) } : {}),
    force_reset: Boolean(data.force_reset),
  };
}

export function userUpdateBody(data: FormValues): Omit<UserUpdateBody, 'id'> {
  const { username: _username, ...rest } = userCreateBody(data);
  return rest;
}
