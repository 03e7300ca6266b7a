import LockResetIcon from '@mui/icons-material/LockReset';
import LogoutIcon from '@mui/icons-material/Logout';
import { useMutation, useQuery } from '@tanstack/react-query';
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

/**
 * Issue 47: signs the person out everywhere (user.disable, as disabling does, which also signs
 * them out), after a confirmation that says on how many devices they are signed in now. Not on
 * one's own page: the profile's "Where you're signed in" is for that.
 */
export function EndSessionsButton() {
  const record = useRecordContext<UserRecord>();
  const me = useSessionUser();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { canAccess } = useCanAccess({ resource: 'users', action: 'disable' });
  const [open, setOpen] = useState(false);
  // Asked when the dialog opens, not with every page of a person: the count is for the confirmation.
  const { data: sessions } = useQuery({
    queryKey: ['user-sessions', record?.id],
    queryFn: () => dataProvider.listUserSessions(record!.id),
    enabled: open && Boolean(record),
    gcTime: 0,
  });
  const { mutate, isPending } = useMutation({
    mutationFn: (user: UserRecord) => dataProvider.endUserSessions(user.id),
    onSuccess: ({ ended }, user) =>
      notify('users.notify.sessions_ended', {
        type: 'success',
        messageArgs: { smart_count: ended, name: fullName(user) },
      }),
    onError: (error: Error) => notify(error.message, { type: 'error' }),
    onSettled: () => setOpen(false),
  });
  if (!record || !canAccess || record.id === me?.id) return null;
  const content = !sessions
    ? 'users.confirm.end_sessions_body_unknown'
    : sessions.length === 0
      ? 'users.confirm.end_sessions_body_none'
      : 'users.confirm.end_sessions_body';
  return (
    <>
      <Button label="users.actions.end_sessions" disabled={isPending} onClick={() => setOpen(true)}>
        <LogoutIcon />
      </Button>
      <Confirm
        isOpen={open}
        loading={isPending}
        title="users.confirm.end_sessions_title"
        content={content}
        translateOptions={{ name: fullName(record), smart_count: sessions?.length ?? 0 }}
        confirm="users.actions.end_sessions"
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
