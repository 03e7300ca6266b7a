import LockResetIcon from '@mui/icons-material/LockReset';
import { useMutation } from '@tanstack/react-query';
import { type MouseEvent, useState } from 'react';
import {
  Button,
  Confirm,
  DeleteButton,
  useCanAccess,
  useDataProvider,
  useNotify,
  useRecordContext,
  useRefresh,
} from 'react-admin';
import type { UserRecord } from '../../../contract/api/users';
import { fullName } from '../../../contract/personName';
import { useSessionUser } from '../../hooks/useSession';
import type { AppDataProvider } from '../../providers/dataProvider';
import { USER_PATHS } from './userPaths';

/** Mails the user a link and asks for a new password at their next sign-in (user.update). */
export function ResetPasswordButton() {
  const record = useRecordContext<UserRecord>();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { canAccess } = useCanAccess({ resource: 'users', action: 'update' });
  const [open, setOpen] = useState(false);
  const { mutate, isPending } = useMutation({
    mutationFn: (user: UserRecord) => dataProvider.sendUserPasswordReset(user.id),
    onSuccess: (_, user) => {
      notify('users.notify.reset_sent', { type: 'success', messageArgs: { email: user.email } });
      refresh();
    },
    onError: (error: Error) => notify(error.message, { type: 'error' }),
    onSettled: () => setOpen(false),
  });
  if (!record || !canAccess) return null;
  return (
    <>
      <Button label="users.actions.reset_password" disabled={isPending} onClick={() => setOpen(true)}>
        <LockResetIcon />
      </Button>
      <Confirm
        isOpen={open}
        loading={isPending}
        title="users.confirm.reset_title"
        content="users.confirm.reset_body"
        translateOptions={{ name: fullName(record), email: record.email }}
        confirm="users.actions.reset_password"
        onConfirm={() => mutate(record)}
        onClose={(event: MouseEvent) => {
          event.stopPropagation();
          setOpen(false);
        }}
      />
    </>
  );
}

/** Deletes after a confirmation (user.delete, which DeleteButton checks); never one's own account. */
export function DeleteUserButton() {
  const record = useRecordContext<UserRecord>();
  const me = useSessionUser();
  if (!record || record.id === me?.id) return null;
  return (
    <DeleteButton
      record={record}
      mutationMode="pessimistic"
      redirect={USER_PATHS.list}
      confirmTitle="users.confirm.delete_title"
      confirmContent="users.confirm.delete_body"
      translateOptions={{ name: fullName(record) }}
      successMessage="users.notify.deleted"
    />
  );
}
