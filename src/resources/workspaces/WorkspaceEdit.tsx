import { Edit, SaveButton, SimpleForm, Toolbar, useNotify, useRedirect } from 'react-admin';
import { useParams } from 'react-router-dom';
import type { WorkspaceRecord } from '../../../contract/api/workspaces';
import type { PageProps } from '../../routing/types';
import { WorkspaceInputs } from './WorkspaceInputs';
import { WORKSPACE_PATHS } from './workspacePaths';

/** Spec §2 /admin/workspace/edit/{id}: saved pessimistically, so a refused change (409) stays visible. */
export default function WorkspaceEdit({ title }: PageProps) {
  const { id = '' } = useParams();
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Edit<WorkspaceRecord>
      id={Number(id)}
      title={title}
      mutationMode="pessimistic"
      redirectOnError={() => WORKSPACE_PATHS.list}
      mutationOptions={{
        // Replacing react-admin's success effects means redirecting here too.
        onSuccess: (data) => {
          notify('workspaces.updated', { type: 'success', messageArgs: { name: data.name } });
          redirect(WORKSPACE_PATHS.detail(data.id));
        },
        // The server's reason (or spec §8's 'Error updating node') even when it names a field.
        onError: (error: Error) => notify(error.message, { type: 'error' }),
      }}
    >
      {/* Workspaces are not deleted here (deleting is a hierarchy change): no delete button. */}
      <SimpleForm
        warnWhenUnsavedChanges
        toolbar={
          <Toolbar>
            <SaveButton />
          </Toolbar>
        }
      >
        <WorkspaceInputs />
      </SimpleForm>
    </Edit>
  );
}
