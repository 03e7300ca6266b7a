import Alert from '@mui/material/Alert';
import { SaveButton, Toolbar, useRecordContext, useTranslate } from 'react-admin';
import type { UserRecord } from '../../../contract/api/users';
import { fullName } from '../../../contract/personName';
import { RecordEdit } from '../../components/RecordScreens';
import type { PageProps } from '../../routing/types';
import { DeleteUserButton, EndSessionsButton, ResetPasswordButton } from './UserActions';
import { UserInputs, userUpdateBody } from './UserInputs';
import { UserStatusButton } from './UserStatusButton';
import { UserStatusChip } from './UserStatusChip';
import { USER_PATHS } from './userPaths';

function FormToolbar() {
  return (
    <Toolbar sx={{ display: 'flex', justifyContent: 'space-between' }}>
      <SaveButton />
      <DeleteUserButton />
    </Toolbar>
  );
}

/** A disabled account says so above the form, since saving does not switch it back on. */
function StatusNote() {
  const record = useRecordContext<UserRecord>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <>
      <UserStatusChip />
      {record.status === 'disabled' && (
        <Alert severity="warning" sx={{ mt: 1, mb: 1, width: '100%', maxWidth: 720 }}>
          {translate('users.disabled_note')}
        </Alert>
      )}
    </>
  );
}

/** Spec §2 /admin/user/edit/{id}. */
export default function UserEdit({ title }: PageProps) {
  return (
    <RecordEdit<UserRecord>
      title={title}
      listPath={USER_PATHS.list}
      actions={
        <>
          <ResetPasswordButton />
          <EndSessionsButton />
          <UserStatusButton variant="outlined" />
        </>
      }
      transform={userUpdateBody}
      name={fullName}
      then={() => USER_PATHS.list}
      form={{ toolbar: <FormToolbar /> }}
      history="user"
    >
      <StatusNote />
      <UserInputs mode="edit" />
    </RecordEdit>
  );
}
