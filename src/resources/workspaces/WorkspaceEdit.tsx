import { Edit, SimpleForm, useNotify } from 'react-admin';
import { useParams } from 'react-router-dom';
import type { WorkspaceRecord } from '../../../contract/api/workspaces';
import { ApiError } from '../../providers/httpClient';
import type { PageProps } from '../../routing/routeTable';
import { WorkspaceInputs } from './WorkspaceInputs';
import { detailPath } from './WorkspaceList';
import { WORKSPACE_FALLBACK } from './workspaceApi';

/** Spec §2 /admin/workspace/edit/{id}: saved pessimistically, so a refused change (409) stays visible. */
export default function WorkspaceEdit({ title }: PageProps) {
  const { id = '' } = useParams();
  const notify = useNotify();
  return (
    <Edit<WorkspaceRecord>
      resource="workspaces"
      id={Number(id)}
      title={title}
      mutationMode="pessimistic"
      redirectOnError={() => '/admin/workspace'}
      redirect={() => detailPath(id)}
      mutationOptions={{
        onSuccess: (data) =>
          notify('workspaces.updated', { type: 'success', messageArgs: { name: data.name } }),
        onError: (error) =>
          notify(error instanceof ApiError ? error.message : WORKSPACE_FALLBACK.update, { type: 'error' }),
      }}
    >
      <SimpleForm warnWhenUnsavedChanges>
        <WorkspaceInputs />
      </SimpleForm>
    </Edit>
  );
}
