import {
  Create,
  LoadingIndicator,
  SimpleForm,
  useGetOne,
  useNotify,
  useRedirect,
  useTranslate,
} from 'react-admin';
import { useParams } from 'react-router-dom';
import type { Department } from '../../../contract/api/departments';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import type { PageProps } from '../../routing/types';
import { DepartmentInputs, departmentBody } from './DepartmentInputs';
import { DEPARTMENT_PATHS } from './departmentPaths';

/** Spec §2 /admin/department/create/{id?}: with an id the form starts from a copy of it. */
export default function DepartmentCreate({ title }: PageProps) {
  useDocumentTitle(title);
  const { id } = useParams();
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const source = useGetOne<Department>('departments', { id: Number(id) }, { enabled: id !== undefined });
  if (id !== undefined && source.isPending) return <LoadingIndicator />;
  const original = source.data;
  const record = original
    ? {
        name: translate('departments.copy_of', { name: original.name }),
        description: original.description,
        colour: original.colour,
      }
    : { name: '', description: '', colour: '#607d8b' };
  return (
    <Create<Department>
      title={title}
      record={record}
      transform={departmentBody}
      mutationOptions={{
        onSuccess: (department) => {
          notify('departments.notify.created', { type: 'success', messageArgs: { name: department.name } });
          redirect(() => DEPARTMENT_PATHS.list);
        },
      }}
    >
      <SimpleForm>
        <DepartmentInputs />
      </SimpleForm>
    </Create>
  );
}
