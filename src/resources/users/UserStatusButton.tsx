import BlockIcon from '@mui/icons-material/Block';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import { useCanAccess, useDataProvider, useRecordContext } from 'react-admin';
import type { UserRecord } from '../../../contract/api/users';
import { fullName } from '../../../contract/personName';
import { StatusToggleButton } from '../../components/StatusToggleButton';
import { useSessionUser } from '../../hooks/useSession';
import type { AppDataProvider } from '../../providers/dataProvider';

/**
 * Disables (after a confirmation: their sessions end at once) or enables an account. Shown only
 * with user.disable; nobody can switch themselves off, so it is disabled on one's own record.
 */
export function UserStatusButton({ variant = 'text' }: { variant?: 'text' | 'outlined' }) {
  const record = useRecordContext<UserRecord>();
  const me = useSessionUser();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { canAccess } = useCanAccess({ resource: 'users', action: 'disable' });
  if (!record || !canAccess) return null;
  const disabling = record.status === 'active';
  const action = disabling ? 'disable' : 'enable';
  const name = fullName(record);
  return (
    <StatusToggleButton
      off={disabling}
      label={`users.actions.${action}`}
      icon={disabling ? <BlockIcon /> : <CheckCircleOutlineIcon />}
      color={disabling ? 'error' : 'primary'}
      variant={variant}
      disabled={disabling && record.id === me?.id}
      confirmTitle="users.confirm.disable_title"
      confirmBody="users.confirm.disable_body"
      confirmArgs={{ name }}
      run={() => dataProvider.setUserStatus(record.id, action)}
      done={[`users.notify.${action}d`, { name }]}
    />
  );
}
