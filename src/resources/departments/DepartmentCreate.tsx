import type { Department } from '../../../contract/api/departments';
import { DuplicableCreate } from '../../components/DuplicableCreate';
import type { PageProps } from '../../routing/types';
import { DepartmentInputs, departmentBody } from './DepartmentInputs';
import { DEPARTMENT_PATHS } from './departmentPaths';

/** Spec §2 /admin/department/create/{id?}: with an id the form starts from a copy of it. */
export default function DepartmentCreate({ title }: PageProps) {
  return (
    <DuplicableCreate<Department>
      title={title}
      resource="departments"
      prefix="departments"
      blank={{ name: '', description: '', colour: '#607d8b' }}
      copy={(original, name) => ({ name, description: original.description, colour: original.colour })}
      transform={departmentBody}
      then={() => DEPARTMENT_PATHS.list}
    >
      <DepartmentInputs />
    </DuplicableCreate>
  );
}
