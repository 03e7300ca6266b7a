import type { Department } from '../../../contract/api/departments';
import { DuplicateButton, EditLinkButton, RecordDeleteButton } from '../../components/RecordButtons';
import { DEPARTMENT_PATHS } from './departmentPaths';

export const DuplicateDepartmentButton = () => <DuplicateButton to={DEPARTMENT_PATHS.duplicate} />;

export const EditDepartmentButton = () => <EditLinkButton to={DEPARTMENT_PATHS.edit} />;

/** Deletes after a confirmation (department.delete, which DeleteButton checks). */
export function DeleteDepartmentButton({ redirect }: { redirect?: string | false }) {
  return <RecordDeleteButton<Department> redirect={redirect ?? DEPARTMENT_PATHS.list} />;
}
