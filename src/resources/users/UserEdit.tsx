import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import {
  Edit,
  ListButton,
  SaveButton,
  SimpleForm,
  Toolbar,
  TopToolbar,
  useNotify,
  useRecordContext,
  useRedirect,
  useTranslate,
} from 'react-admin';
import type { UserRecord } from '../../../contract/api/users';
import { fullName } from '../../../contract/personName';
import { ActivityHistory } from '../../customRoutes/activity/ActivityHistory';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { useRecordRoute } from '../../hooks/useRecordRoute';
import type { PageProps } from '../../routing/types';
import { DeleteUserButton, ResetPasswordButton } from './UserActions';
import { UserInputs, userUpdateBody } from './UserInputs';
import { UserStatusButton } from './UserStatusButton';
import { UserStatusChip } from './UserStatusChip';
import { USER_PATHS } from './userPaths';

function Actions() {
  return (
    <TopToolbar>
      <ListButton to={USER_PATHS.list} label="users.actions.back" />
      <ResetPasswordButton />
      <UserStatusButton variant="outlined" />
    </TopToolbar>
  );
}

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
  useDocumentTitle(title);
  const { id, queryOptions } = useRecordRoute(USER_PATHS.list);
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Edit<UserRecord>
      id={id}
      title={title}
      actions={<Actions />}
      mutationMode="pessimistic"
      transform={userUpdateBody}
      queryOptions={queryOptions}
      mutationOptions={{
        onSuccess: (user) => {
          notify('users.notify.updated', {
            type: 'success',
            messageArgs: { name: fullName(user) },
          });
          redirect(() => USER_PATHS.list);
        },
      }}
    >
      <SimpleForm toolbar={<FormToolbar />}>
        <StatusNote />
        <UserInputs mode="edit" />
      </SimpleForm>
      <Box sx={{ mt: 2 }}>
        <ActivityHistory entity="user" id={id} />
      </Box>
    </Edit>
  );
}
