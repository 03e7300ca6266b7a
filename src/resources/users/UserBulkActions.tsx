import BlockIcon from '@mui/icons-material/Block';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import {
  BulkDeleteButton,
  type Identifier,
  useCanAccess,
  useDataProvider,
  useListContext,
} from 'react-admin';
import { BulkCallButton } from '../../components/BulkCallButton';
import { useSessionUser } from '../../hooks/useSession';
import type { AppDataProvider } from '../../providers/dataProvider';

type StatusAction = 'enable' | 'disable';

/**
 * Enables or disables every selected account, one call each (spec §7 takes one id). Failures are
 * counted and the first reason shown; one's own account is skipped rather than refused. Only
 * disabling asks first.
 */
function BulkStatusButton({ action }: { action: StatusAction }) {
  const { selectedIds } = useListContext();
  const me = useSessionUser();
  const dataProvider = useDataProvider<AppDataProvider>();
  const ids = selectedIds.filter((id: Identifier) => !(action === 'disable' && id === me?.id));
  const disabling = action === 'disable';
  return (
    <BulkCallButton
      ids={ids}
      call={(id) => dataProvider.setUserStatus(id, action)}
      label={`users.actions.${action}`}
      icon={disabling ? <BlockIcon /> : <CheckCircleOutlineIcon />}
      color={disabling ? 'error' : 'primary'}
      done={`users.notify.bulk_${action}d`}
      failed="users.notify.bulk_failed"
      confirm={
        disabling
          ? { title: 'users.confirm.bulk_disable_title', content: 'users.confirm.bulk_disable_body' }
          : undefined
      }
    />
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
