import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import EditIcon from '@mui/icons-material/Edit';
import type { MouseEvent } from 'react';
import { Button, DeleteButton, useCanAccess, useRecordContext } from 'react-admin';
import { Link } from 'react-router-dom';
import type { Department } from '../../../contract/api/departments';
import { DEPARTMENT_PATHS } from './departmentPaths';

const stop = (event: MouseEvent) => event.stopPropagation();

/** Opens create/:id, which starts from a copy of this department (spec §2). */
export function DuplicateDepartmentButton() {
  const record = useRecordContext<Department>();
  const { canAccess } = useCanAccess({ resource: 'departments', action: 'create' });
  if (!record || !canAccess) return null;
  return (
    <Button
      component={Link}
      to={DEPARTMENT_PATHS.duplicate(record.id)}
      label="departments.actions.duplicate"
      onClick={stop}
    >
      <ContentCopyIcon />
    </Button>
  );
}

export function EditDepartmentButton() {
  const record = useRecordContext<Department>();
  const { canAccess } = useCanAccess({ resource: 'departments', action: 'edit' });
  if (!record || !canAccess) return null;
  return (
    <Button component={Link} to={DEPARTMENT_PATHS.edit(record.id)} label="ra.action.edit" onClick={stop}>
      <EditIcon />
    </Button>
  );
}

/** Deletes after a confirmation (department.delete, which DeleteButton checks). */
export function DeleteDepartmentButton({ redirect }: { redirect?: string | false }) {
  const record = useRecordContext<Department>();
  if (!record) return null;
  return (
    <DeleteButton
      record={record}
      mutationMode="pessimistic"
      redirect={redirect ?? DEPARTMENT_PATHS.list}
      confirmTitle="departments.confirm.delete_title"
      confirmContent="departments.confirm.delete_body"
      translateOptions={{ name: record.name }}
      successMessage="departments.notify.deleted"
    />
  );
}
