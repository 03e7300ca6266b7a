import BlockIcon from '@mui/icons-material/Block';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import { type MouseEvent, useState } from 'react';
import { Button, Confirm, useCanAccess, useNotify, useRecordContext, useRefresh } from 'react-admin';
import type { UserRecord } from '../../../contract/api/users';
import { useSessionUser } from '../../hooks/useSession';
import { setUserStatus } from './userApi';

/**
 * Disables (after a confirmation: their sessions end at once) or enables an account. Shown only
 * with user.disable; nobody can switch themselves off, so it is disabled on one's own record.
 */
export function UserStatusButton({ variant = 'text' }: { variant?: 'text' | 'outlined' }) {
  const record = useRecordContext<UserRecord>();
  const me = useSessionUser();
  const notify = useNotify();
  const refresh = useRefresh();
  const { canAccess } = useCanAccess({ resource: 'users', action: 'disable' });
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!record || !canAccess) return null;
  const disabling = record.status === 'active';
  const action = disabling ? 'disable' : 'enable';
  const name = `${record.firstname} ${record.lastname}`;

  const run = async () => {
    setBusy(true);
    try {
      await setUserStatus(record.id, action);
      notify(`users.notify.${action}d`, { type: 'success', messageArgs: { name } });
      refresh();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
      setOpen(false);
    }
  };

  return (
    <>
      <Button
        label={`users.actions.${action}`}
        color={disabling ? 'error' : 'primary'}
        variant={variant}
        disabled={busy || (disabling && record.id === me?.id)}
        onClick={(event: MouseEvent) => {
          // Inside a list row the click would also open the user.
          event.stopPropagation();
          if (disabling) setOpen(true);
          else void run();
        }}
      >
        {disabling ? <BlockIcon /> : <CheckCircleOutlineIcon />}
      </Button>
      <Confirm
        isOpen={open}
        loading={busy}
        title="users.confirm.disable_title"
        content="users.confirm.disable_body"
        translateOptions={{ name }}
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
