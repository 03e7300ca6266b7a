import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useRecordContext, useTranslate } from 'react-admin';
import type { Role } from '../../../contract/api/roles';
import { NamedRecordShow } from '../../components/NamedRecordShow';
import type { PageProps } from '../../routing/types';
import { PermissionMatrix } from './PermissionMatrix';
import { RoleDeleteButton } from './RoleButtons';
import { ROLE_PATHS } from './rolePaths';

function Holders() {
  const record = useRecordContext<Role>();
  const translate = useTranslate();
  return <Chip size="small" label={translate('roles.holders', { smart_count: record?.user_count ?? 0 })} />;
}

function Permissions() {
  const record = useRecordContext<Role>();
  const translate = useTranslate();
  return (
    <>
      <Typography component="h3" variant="subtitle1" sx={{ mt: 3, mb: 1 }}>
        {translate('roles.fields.permissions')}
      </Typography>
      <PermissionMatrix value={record?.permissions ?? []} />
    </>
  );
}

/** Spec §2 /admin/role/detail/{id}: the role and its permission matrix, read-only. */
export default function RoleShow({ title }: PageProps) {
  return (
    <NamedRecordShow<Role>
      title={title}
      paths={ROLE_PATHS}
      remove={<RoleDeleteButton />}
      badge={<Holders />}
      history="role"
    >
      <Permissions />
    </NamedRecordShow>
  );
}
