import { Edit, ListButton, SimpleForm, TopToolbar, useNotify, useRedirect } from 'react-admin';
import type { Department } from '../../../contract/api/departments';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { useRecordRoute } from '../../hooks/useRecordRoute';
import type { PageProps } from '../../routing/types';
import { DeleteDepartmentButton } from './DepartmentButtons';
import { DepartmentInputs, departmentBody } from './DepartmentInputs';
import { DEPARTMENT_PATHS } from './departmentPaths';

function Actions() {
  return (
    <TopToolbar>
      <ListButton to={DEPARTMENT_PATHS.list} label="departments.actions.back" />
      <DeleteDepartmentButton />
    </TopToolbar>
  );
}

/** Spec §2 /admin/department/edit/{id}. */
export default function DepartmentEdit({ title }: PageProps) {
  useDocumentTitle(title);
  const { id, queryOptions } = useRecordRoute(DEPARTMENT_PATHS.list);
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Edit<Department>
      id={id}
      title={title}
      actions={<Actions />}
      mutationMode="pessimistic"
      transform={departmentBody}
      queryOptions={queryOptions}
      mutationOptions={{
        onSuccess: (department) => {
          notify('departments.notify.updated', { type: 'success', messageArgs: { name: department.name } });
          redirect(() => DEPARTMENT_PATHS.detail(department.id));
        },
      }}
    >
      <SimpleForm>
        <DepartmentInputs />
      </SimpleForm>
    </Edit>
  );
}
