import { Create, SimpleForm, useNotify, useRedirect } from 'react-admin';
import type { UserRecord } from '../../../contract/api/users';
import { fullName } from '../../../contract/personName';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import type { PageProps } from '../../routing/types';
import { UserInputs, userCreateBody } from './UserInputs';
import { USER_PATHS } from './userPaths';

// One empty position line to start from; its fields are filled in by the form.
const EMPTY = {
  firstname: '',
  lastname: '',
  email: '',
  assigns: [{}],
  force_reset: true,
} as unknown as Partial<UserRecord>;

/** Spec §2 /admin/user/create. */
export default function UserCreate({ title }: PageProps) {
  useDocumentTitle(title);
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Create<UserRecord>
      title={title}
      record={EMPTY}
      transform={userCreateBody}
      mutationOptions={{
        onSuccess: (user, variables) => {
          const mailed = !(variables.data as { password?: string }).password;
          notify(mailed ? 'users.notify.created_mailed' : 'users.notify.created', {
            type: 'success',
            messageArgs: { name: fullName(user), email: user.email },
          });
          redirect(() => USER_PATHS.list);
        },
      }}
    >
      <SimpleForm>
        <UserInputs mode="create" />
      </SimpleForm>
    </Create>
  );
}
