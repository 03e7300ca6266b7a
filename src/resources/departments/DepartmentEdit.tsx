import { Edit, ListButton, SimpleForm, TopToolbar, useNotify, useRedirect } from 'react-admin';
import { useParams } from 'react-router-dom';
import type { Department } from '../../../contract/api/departments';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import type { PageProps } from '../../routing/routeTable';
import { DeleteDepartmentButton } from './DepartmentButtons';
import { DepartmentInputs, departmentBody } from './DepartmentInputs';
import { DEPARTMENT_PATHS } from './departmentPaths';

function Actions() {
  return (
    <TopToolbar>
      <ListButton resource="departments" to={DEPARTMENT_PATHS.list} label="departments.actions.back" />
      <DeleteDepartmentButton />
    </TopToolbar>
  );
}

/** Spec §2 /admin/department/edit/{id}. */
export default function DepartmentEdit({ title }: PageProps) {
  useDocumentTitle(title);
  const { id } = useParams();
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Edit<Department>
      resource="departments"
      id={Number(id)}
      title={title}
      actions={<Actions />}
      mutationMode="pessimistic"
      transform={departmentBody}
      queryOptions={{
        onError: (error: Error) => {
          notify(error.message || 'ra.notification.item_doesnt_exist', { type: 'error' });
          redirect(() => DEPARTMENT_PATHS.list);
        },
      }}
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
