import type { Department } from '../../../contract/api/departments';
import { RecordDeleteButton } from '../../components/RecordButtons';
import { DEPARTMENT_PATHS } from './departmentPaths';

/** Deletes after a confirmation (department.delete, which DeleteButton checks). */
export function DeleteDepartmentButton({ redirect }: { redirect?: string | false }) {
  return <RecordDeleteButton<Department> redirect={redirect ?? DEPARTMENT_PATHS.list} />;
}
