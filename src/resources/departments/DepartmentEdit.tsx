import type { Department } from '../../../contract/api/departments';
import { RecordEdit } from '../../components/RecordScreens';
import type { PageProps } from '../../routing/types';
import { DeleteDepartmentButton } from './DepartmentButtons';
import { DepartmentInputs, departmentBody } from './DepartmentInputs';
import { DEPARTMENT_PATHS } from './departmentPaths';

/** Spec §2 /admin/department/edit/{id}. */
export default function DepartmentEdit({ title }: PageProps) {
  return (
    <RecordEdit<Department>
      title={title}
      listPath={DEPARTMENT_PATHS.list}
      actions={<DeleteDepartmentButton />}
      transform={departmentBody}
      name={(department) => department.name}
      then={(department) => DEPARTMENT_PATHS.detail(department.id)}
    >
      <DepartmentInputs />
    </RecordEdit>
  );
}
