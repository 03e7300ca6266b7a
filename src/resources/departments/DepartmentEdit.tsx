import { NamedRecordEdit } from '../../components/NamedRecordForms';
import type { PageProps } from '../../routing/types';
import { DeleteDepartmentButton } from './DepartmentButtons';
import { departmentForm } from './departmentForm';
import { DEPARTMENT_PATHS } from './departmentPaths';

/** Spec §2 /admin/department/edit/{id}. */
export default function DepartmentEdit({ title }: PageProps) {
  return (
    <NamedRecordEdit
      title={title}
      form={departmentForm}
      paths={DEPARTMENT_PATHS}
      actions={<DeleteDepartmentButton />}
    />
  );
}
