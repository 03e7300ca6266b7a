import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import EditIcon from '@mui/icons-material/Edit';
import type { MouseEvent } from 'react';
import { Button, useCanAccess, useRecordContext } from 'react-admin';
import { Link } from 'react-router-dom';
import type { Role } from '../../../contract/api/roles';
import { ROLE_PATHS } from './rolePaths';

const stop = (event: MouseEvent) => event.stopPropagation();

/** Opens create/:id, which starts from a copy of this role (spec §2). */
export function DuplicateRoleButton() {
  const record = useRecordContext<Role>();
  const { canAccess } = useCanAccess({ resource: 'roles', action: 'create' });
  if (!record || !canAccess) return null;
  return (
    <Button
      component={Link}
      to={ROLE_PATHS.duplicate(record.id)}
      label="roles.actions.duplicate"
      onClick={stop}
    >
      <ContentCopyIcon />
    </Button>
  );
}

export function EditRoleButton() {
  const record = useRecordContext<Role>();
  const { canAccess } = useCanAccess({ resource: 'roles', action: 'edit' });
  if (!record || !canAccess) return null;
  return (
    <Button component={Link} to={ROLE_PATHS.edit(record.id)} label="ra.action.edit" onClick={stop}>
      <EditIcon />
    </Button>
  );
}
