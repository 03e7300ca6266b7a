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
import type { Role } from '../../../contract/api/roles';
import { LoadFailure } from '../../components/LoadFailure';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import type { PageProps } from '../../routing/types';
import { RoleInputs, roleBody } from './RoleInputs';
import { ROLE_PATHS } from './rolePaths';

/** Spec §2 /admin/role/create/{id?}: with an id the form starts from a copy of that role. */
export default function RoleCreate({ title }: PageProps) {
  useDocumentTitle(title);
  const { id } = useParams();
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const source = useGetOne<Role>('roles', { id: Number(id) }, { enabled: id !== undefined });
  if (id !== undefined && source.error) return <LoadFailure error={source.error} onRetry={source.refetch} />;
  if (id !== undefined && source.isPending) return <LoadingIndicator />;
  const original = source.data;
  const record = original
    ? {
        name: translate('roles.copy_of', { name: original.name }),
        description: original.description,
        permissions: original.permissions,
      }
    : { name: '', description: '', permissions: [] };
  return (
    <Create<Role>
      title={title}
      record={record}
      transform={roleBody}
      mutationOptions={{
        onSuccess: (role) => {
          notify('roles.notify.created', { type: 'success', messageArgs: { name: role.name } });
          redirect(() => ROLE_PATHS.detail(role.id));
        },
      }}
    >
      <SimpleForm>
        <RoleInputs />
      </SimpleForm>
    </Create>
  );
}
