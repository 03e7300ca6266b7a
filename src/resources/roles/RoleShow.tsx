import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRecordContext, useTranslate } from 'react-admin';
import type { Role } from '../../../contract/api/roles';
import { RecordShow } from '../../components/RecordScreens';
import type { PageProps } from '../../routing/types';
import { PermissionMatrix } from './PermissionMatrix';
import { DuplicateRoleButton, EditRoleButton, RoleDeleteButton } from './RoleButtons';

import { ROLE_PATHS } from './rolePaths';

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
        <Typography component="h3" variant="subtitle1" sx={{ mt: 3, mb: 1 }}>
          {translate('roles.fields.permissions')}
        </Typography>
        <PermissionMatrix value={record.permissions} />
      </CardContent>
    </Card>
  );
}

/** Spec §2 /admin/role/detail/{id}: the role and its permission matrix, read-only. */
export default function RoleShow({ title }: PageProps) {
  return (
    <RecordShow<Role>
      title={title}
      listPath={ROLE_PATHS.list}
      actions={
        <>
          <DuplicateRoleButton />
          <EditRoleButton />
          <RoleDeleteButton />
        </>
      }
      history="role"
    >
      <Details />
    </RecordShow>
  );
}
