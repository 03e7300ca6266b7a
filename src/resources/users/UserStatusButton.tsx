import BlockIcon from '@mui/icons-material/Block';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import { useMutation } from '@tanstack/react-query';
import { type MouseEvent, useState } from 'react';
import {
  Button,
  Confirm,
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

/**
 * Disables (after a confirmation: their sessions end at once) or enables an account. Shown only
 * with user.disable; nobody can switch themselves off, so it is disabled on one's own record.
 */
export function UserStatusButton({ variant = 'text' }: { variant?: 'text' | 'outlined' }) {
  const record = useRecordContext<UserRecord>();
  const me = useSessionUser();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { canAccess } = useCanAccess({ resource: 'users', action: 'disable' });
  const [open, setOpen] = useState(false);
  const { mutate, isPending } = useMutation({
    mutationFn: ({ user, action }: { user: UserRecord; action: 'enable' | 'disable' }) =>
      dataProvider.setUserStatus(user.id, action),
    onSuccess: (_, { user, action }) => {
      notify(`users.notify.${action}d`, {
        type: 'success',
        messageArgs: { name: fullName(user) },
      });
      refresh();
    },
    onError: (error: Error) => notify(error.message, { type: 'error' }),
    onSettled: () => setOpen(false),
  });
  if (!record || !canAccess) return null;
  const disabling = record.status === 'active';
  const action = disabling ? 'disable' : 'enable';
  const run = () => mutate({ user: record, action });

  return (
    <>
      <Button
        label={`users.actions.${action}`}
        color={disabling ? 'error' : 'primary'}
        variant={variant}
        disabled={isPending || (disabling && record.id === me?.id)}
        onClick={(event: MouseEvent) => {
          // Inside a list row the click would also open the user.
          event.stopPropagation();
          if (disabling) setOpen(true);
          else run();
        }}
      >
        {disabling ? <BlockIcon /> : <CheckCircleOutlineIcon />}
      </Button>
      <Confirm
        isOpen={open}
        loading={isPending}
        title="users.confirm.disable_title"
        content="users.confirm.disable_body"
        translateOptions={{ name: fullName(record) }}
        confirm="users.actions.disable"
        confirmColor="warning"
        onConfirm={run}
        onClose={(event: MouseEvent) => {
          event.stopPropagation();
          setOpen(false);
        }}
      />
    </>
  );
}
