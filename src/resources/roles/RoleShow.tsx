import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  ListButton,
  Show,
  TopToolbar,
  useNotify,
  useRecordContext,
  useRedirect,
  useTranslate,
} from 'react-admin';
import { useParams } from 'react-router-dom';
import type { Role } from '../../../contract/api/roles';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import type { PageProps } from '../../routing/routeTable';
import { PermissionMatrix } from './PermissionMatrix';
import { DuplicateRoleButton, EditRoleButton } from './RoleButtons';
import { RoleDeleteButton } from './RoleDeleteButton';
import { ROLE_PATHS } from './rolePaths';

function Actions() {
  return (
    <TopToolbar>
      <ListButton resource="roles" to={ROLE_PATHS.list} label="roles.actions.back" />
      <DuplicateRoleButton />
      <EditRoleButton />
      <RoleDeleteButton />
    </TopToolbar>
  );
}

function Details() {
  const record = useRecordContext<Role>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Card>
      <CardContent>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
          <Typography variant="h5" component="h2">
            {record.name}
          </Typography>
          <Chip size="small" label={translate('roles.holders', { smart_count: record.user_count })} />
        </Stack>
        {record.description && (
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {record.description}
          </Typography>
        )}
        <Typography variant="subtitle1" sx={{ mt: 3, mb: 1 }}>
          {translate('roles.fields.permissions')}
        </Typography>
        <PermissionMatrix value={record.permissions} />
      </CardContent>
    </Card>
  );
}

/** Spec §2 /admin/role/detail/{id}: the role and its permission matrix, read-only. */
export default function RoleShow({ title }: PageProps) {
  useDocumentTitle(title);
  const { id } = useParams();
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Show<Role>
      resource="roles"
      id={Number(id)}
      title={title}
      actions={<Actions />}
      component="div"
      queryOptions={{
        onError: (error: Error) => {
          notify(error.message || 'ra.notification.item_doesnt_exist', { type: 'error' });
          redirect(() => ROLE_PATHS.list);
        },
      }}
    >
      <Details />
    </Show>
  );
}
