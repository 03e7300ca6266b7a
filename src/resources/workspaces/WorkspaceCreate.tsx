import { Create, SimpleForm, Title, useNotify, useRedirect, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import type { WorkspaceRecord } from '../../../contract/api/workspaces';
import type { PageProps } from '../../routing/types';
import { browserTimeZone } from '../../session/timezone';
import { WorkspaceInputs } from './WorkspaceInputs';
import { WORKSPACE_PATHS } from './workspacePaths';

/** Spec §2 /admin/workspace/create; `?parent_id=` preselects where it goes. */
export default function WorkspaceCreate({ title }: PageProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const [params] = useSearchParams();
  const parent = Number(params.get('parent_id'));
  return (
    <>
      <Title title={title} />
      <Create<WorkspaceRecord>
        title={title}
        mutationOptions={{
          // Replacing react-admin's success effects means redirecting here too.
          onSuccess: (data) => {
            notify('workspaces.created', { type: 'success', messageArgs: { name: data.name } });
            redirect(WORKSPACE_PATHS.detail(data.id));
          },
          // The server's reason (or spec §8's 'Error creating node') even when it names a field.
          onError: (error: Error) => notify(error.message, { type: 'error' }),
        }}
      >
        <SimpleForm
          warnWhenUnsavedChanges
          defaultValues={{
            timezone: browserTimeZone(),
            parent_id: Number.isInteger(parent) && parent > 0 ? parent : undefined,
          }}
          aria-label={translate('workspaces.create')}
        >
          <WorkspaceInputs />
        </SimpleForm>
      </Create>
    </>
  );
}
