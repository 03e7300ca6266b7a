import type { Department } from '../../../contract/api/departments';
import { NamedRecordCreate } from '../../components/NamedRecordForms';
import type { PageProps } from '../../routing/types';
import { departmentForm } from './departmentForm';
import { DEPARTMENT_PATHS } from './departmentPaths';

const toList = () => DEPARTMENT_PATHS.list;

/** Spec §2 /admin/department/create/{id?}: with an id the form starts from a copy of it. */
export default function DepartmentCreate({ title }: PageProps) {
  return <NamedRecordCreate<Department> title={title} form={departmentForm} then={toList} />;
}
