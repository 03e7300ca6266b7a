import GroupIcon from '@mui/icons-material/Group';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import type { Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  CreateButton,
  Datagrid,
  FunctionField,
  type Identifier,
  List,
  SimpleList,
  TextField,
  TopToolbar,
  useCanAccess,
  useTranslate,
} from 'react-admin';
import type { UserRecord } from '../../../contract/api/users';
import { ImportButton } from '../../customRoutes/imports/ImportButton';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { useIsMobile } from '../../hooks/useIsMobile';
import type { PageProps } from '../../routing/types';
import { PositionChips } from './PositionChips';
import { UserBulkActions } from './UserBulkActions';
import { userFilters } from './UserSearch';
import { UserStatusButton } from './UserStatusButton';
import { UserStatusChip } from './UserStatusChip';
import { USER_PATHS } from './userPaths';

const fullName = (r: Pick<UserRecord, 'firstname' | 'lastname'>) => `${r.firstname} ${r.lastname}`;

function Actions() {
  return (
    <TopToolbar>
      <ImportButton resource="users" to={USER_PATHS.import} />
      <CreateButton to={USER_PATHS.create} label="users.actions.create" />
    </TopToolbar>
  );
}

function Empty() {
  const translate = useTranslate();
  return (
    <Box sx={{ textAlign: 'center', py: 8, px: 2, mx: 'auto', maxWidth: 480 }} data-testid="users-empty">
      <GroupIcon sx={{ fontSize: 64, color: 'text.disabled' }} />
      <Typography variant="h6" sx={{ mt: 1 }}>
        {translate('users.empty_title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate('users.empty_body')}
      </Typography>
      <CreateButton to={USER_PATHS.create} label="users.actions.create" variant="contained" />
    </Box>
  );
}

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
  useDocumentTitle(title);
  const isMobile = useIsMobile();
  // Between the phone layout and 1024 px the side menu leaves too little room for five columns.
  const compact = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'), { noSsr: true });
  const translate = useTranslate();
  const { canAccess: canEdit } = useCanAccess({ resource: 'users', action: 'edit' });
  const rowClick = (id: Identifier) => (canEdit ? USER_PATHS.edit(id) : false);
  return (
    <List
      title={title}
      sort={{ field: 'name', order: 'ASC' }}
      filters={userFilters}
      filterDefaultValues={{ key: 'name' }}
      actions={<Actions />}
      empty={<Empty />}
      storeKey="admin-users"
    >
      {isMobile ? (
        <SimpleList<UserRecord>
          primaryText={(r) => fullName(r)}
          secondaryText={(r) => r.email}
          tertiaryText={(r) => translate(`users.status.${r.status}`)}
          rowClick={rowClick}
        />
      ) : (
        <Datagrid
          rowClick={rowClick}
          bulkActionButtons={<UserBulkActions />}
          // Whatever the width, every column stays reachable: the table scrolls rather than clips.
          sx={{ '& .RaDatagrid-tableWrapper': { overflowX: 'auto' } }}
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
          <UserStatusButton />
        </Datagrid>
      )}
    </List>
  );
}
