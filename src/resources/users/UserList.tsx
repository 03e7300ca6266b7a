import GroupIcon from '@mui/icons-material/Group';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import type { Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  FunctionField,
  type Identifier,
  TextField,
  useCanAccess,
  useTranslate,
  WrapperField,
} from 'react-admin';
import type { UserRecord } from '../../../contract/api/users';
import { fullName } from '../../../contract/personName';
import { RecordList } from '../../components/AdminList';
import { ImportButton } from '../../components/ImportButton';
import type { PageProps } from '../../routing/types';
import { PositionChips } from './PositionChips';
import { UserBulkActions } from './UserBulkActions';
import { userFilters } from './UserSearch';
import { UserStatusButton } from './UserStatusButton';
import { UserStatusChip } from './UserStatusChip';
import { USER_PATHS } from './userPaths';

/** An e-mail address that, when it must wrap, wraps before its "@". */
function EmailLines({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at <= 0) return <>{email}</>;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}

/** Name and avatar; on a narrow table (`compact`) also the e-mail and status, which lose their columns. */
function NameCell({ record, compact }: { record: UserRecord; compact: boolean }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
      {!compact && (
        <Avatar src={record.avatar_url ?? undefined} sx={{ width: 32, height: 32, fontSize: 14 }}>
          {record.firstname.charAt(0)}
          {record.lastname.charAt(0)}
        </Avatar>
      )}
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2">{fullName(record)}</Typography>
        {record.preferred_name && (
          <Typography variant="caption" color="text.secondary" component="div">
            {record.preferred_name}
          </Typography>
        )}
        {compact && (
          <>
            <Typography
              variant="caption"
              color="text.secondary"
              component="div"
              sx={{ overflowWrap: 'break-word' }}
            >
              <EmailLines email={record.email} />
            </Typography>
            <Box sx={{ mt: 0.5 }}>
              <UserStatusChip />
            </Box>
          </>
        )}
      </Box>
    </Box>
  );
}

/** Spec §2 /admin/user: the people in the caller's part of the organisation. */
export default function UserList({ title }: PageProps) {
  // Between the phone layout and 1024 px the side menu leaves too little room for five columns.
  const compact = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'), { noSsr: true });
  const translate = useTranslate();
  const { canAccess: canEdit } = useCanAccess({ resource: 'users', action: 'edit' });
  const rowClick = (id: Identifier) => (canEdit ? USER_PATHS.edit(id) : false);
  return (
    <RecordList<UserRecord>
      title={title}
      filters={userFilters}
      filterDefaultValues={{ key: 'name' }}
      storeKey="admin-users"
      createPath={USER_PATHS.create}
      icon={GroupIcon}
      toolbar={<ImportButton resource="users" to={USER_PATHS.import} />}
      rowClick={rowClick}
      lines={{
        secondaryText: (r) => r.email,
        tertiaryText: (r) => translate(`users.status.${r.status}`),
      }}
      table={{
        bulkActionButtons: <UserBulkActions />,
        // Whatever the width, every column stays reachable: the table scrolls rather than clips.
        sx: { '& .RaDatagrid-tableWrapper': { overflowX: 'auto' } },
      }}
    >
      <FunctionField<UserRecord>
        source="name"
        label="users.fields.name"
        render={(r) => <NameCell record={r} compact={compact} />}
      />
      {!compact && <TextField source="email" label="users.fields.email" />}
      <FunctionField
        label="users.fields.assigns"
        sortable={false}
        render={() => <PositionChips chipWidth={compact ? 150 : undefined} />}
      />
      {!compact && (
        <FunctionField source="status" label="users.fields.status" render={() => <UserStatusChip />} />
      )}
      <WrapperField label="shell.row_actions">
        <UserStatusButton />
      </WrapperField>
    </RecordList>
  );
}
