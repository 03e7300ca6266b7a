import type { UserRecord } from '../../../contract/api/users';
import { fullName } from '../../../contract/personName';
import { RecordCreate } from '../../components/RecordScreens';
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

const toList = () => USER_PATHS.list;

/** Spec §2 /admin/user/create: the confirmation says whether the new person was mailed a link. */
export default function UserCreate({ title }: PageProps) {
  return (
    <RecordCreate<UserRecord>
      title={title}
      record={EMPTY}
      transform={userCreateBody}
      confirm={(user, sent) => [
        sent.password ? 'users.notify.created' : 'users.notify.created_mailed',
        { name: fullName(user), email: user.email },
      ]}
      then={toList}
    >
      <UserInputs mode="create" />
    </RecordCreate>
  );
}
