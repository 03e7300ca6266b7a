import BlockIcon from '@mui/icons-material/Block';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import {
  BulkDeleteButton,
  Button,
  Confirm,
  type Identifier,
  useCanAccess,
  useDataProvider,
  useListContext,
  useNotify,
  useRefresh,
} from 'react-admin';
import { useSessionUser } from '../../hooks/useSession';
import type { AppDataProvider } from '../../providers/dataProvider';

type StatusAction = 'enable' | 'disable';

/**
 * Enables or disables every selected account, one call each (spec §7 takes one id). Failures are
 * counted and the first reason shown; one's own account is skipped rather than refused.
 */
function BulkStatusButton({ action }: { action: StatusAction }) {
  const { selectedIds, onUnselectItems } = useListContext();
  const me = useSessionUser();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [open, setOpen] = useState(false);
  const ids = selectedIds.filter((id: Identifier) => !(action === 'disable' && id === me?.id));
  const { mutate, isPending: busy } = useMutation({
    mutationFn: (chosen: Identifier[]) =>
      Promise.allSettled(chosen.map((id) => dataProvider.setUserStatus(id, action))),
    onSuccess: (results) => {
      const failed = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      const done = results.length - failed.length;
      if (done)
        notify(`users.notify.bulk_${action}d`, { type: 'success', messageArgs: { smart_count: done } });
      if (failed.length)
        notify('users.notify.bulk_failed', {
          type: 'error',
          messageArgs: { smart_count: failed.length, reason: (failed[0]!.reason as Error).message },
        });
      setOpen(false);
      onUnselectItems();
      refresh();
    },
  });
  const run = () => mutate(ids);

  return (
    <>
      <Button
        label={`users.actions.${action}`}
        disabled={busy || ids.length === 0}
        color={action === 'disable' ? 'error' : 'primary'}
        onClick={() => (action === 'disable' ? setOpen(true) : run())}
      >
        {action === 'disable' ? <BlockIcon /> : <CheckCircleOutlineIcon />}
      </Button>
      <Confirm
        isOpen={open}
        loading={busy}
        title="users.confirm.bulk_disable_title"
        content="users.confirm.bulk_disable_body"
        translateOptions={{ smart_count: ids.length }}
        confirm="users.actions.disable"
        confirmColor="warning"
        onConfirm={run}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

/** Enable and disable need user.disable (custom buttons, checked here); BulkDeleteButton checks delete itself. */
export function UserBulkActions() {
  const { canAccess: canDisable } = useCanAccess({ resource: 'users', action: 'disable' });
  return (
    <>
      {canDisable && <BulkStatusButton action="enable" />}
      {canDisable && <BulkStatusButton action="disable" />}
      <BulkDeleteButton mutationMode="pessimistic" />
    </>
  );
}
