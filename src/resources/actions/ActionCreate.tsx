import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import { Create, SaveButton, SimpleForm, Toolbar, useNotify, useRedirect, useTranslate } from 'react-admin';
import type { Action, ActionCreateBody } from '../../../contract/api/actions';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import type { PageProps } from '../../routing/types';
import { ActionTextInputs, AssigneeInput, PhotosInput, StoreInput } from './ActionInputs';
import { existingActionId } from './actionApi';
import { ACTION_PATHS } from './actionPaths';
import { useActionPrefill } from './useActionPrefill';

/** What the API takes of the form: the store only when the author chose it, no one for the store's team. */
function createBody(data: Record<string, unknown>): ActionCreateBody {
  const body = { ...data } as ActionCreateBody & Record<string, unknown>;
  if (typeof body.assignee_id !== 'number') body.assignee_id = null;
  if (!body.description) delete body.description;
  if (Array.isArray(body.photos) && body.photos.length === 0) delete body.photos;
  return body;
}

/** Where the new action comes from, above the form. */
function OriginNotice({ prefill }: { prefill: ReturnType<typeof useActionPrefill> }) {
  const translate = useTranslate();
  const { origin, item, inspection, failed } = prefill;
  if (failed) return <Alert severity="warning">{translate('actions.errors.prefill')}</Alert>;
  if (prefill.fromItem)
    return (
      <Alert severity="info">
        {item && inspection
          ? translate('actions.form.from_inspection', {
              prompt: item.prompt,
              template: inspection.template.name,
            })
          : translate('actions.form.from_inspection_pending', { id: origin.inspectionId })}
        {inspection && ` ${translate('actions.form.store_from_inspection', { name: inspection.store.name })}`}
      </Alert>
    );
  if (origin.assignmentId !== undefined)
    return <Alert severity="info">{translate('actions.form.from_task')}</Alert>;
  return null;
}

/**
 * /task/action/create: a new action, by hand or (from the address) from a failed inspection item,
 * a task, or for a store. An inspection item that already has an action sends the author to it.
 */
export default function ActionCreate({ title }: PageProps) {
  useDocumentTitle(title);
  const notify = useNotify();
  const redirect = useRedirect();
  const prefill = useActionPrefill();
  if (prefill.loading) return <LinearProgress />;
  const { origin, fromItem, inspection } = prefill;
  // The server takes the store of the inspection or of the task itself.
  const storeGiven = fromItem || origin.assignmentId !== undefined;
  return (
    <Create<Action>
      title={title}
      record={prefill.values}
      transform={createBody}
      mutationOptions={{
        onSuccess: (created) => {
          notify('actions.notify.created', { type: 'success', messageArgs: { name: created.title } });
          redirect(ACTION_PATHS.detail(created.id));
        },
        onError: (error: unknown) => {
          const existing = existingActionId(error);
          if (existing === undefined) {
            notify(error instanceof Error ? error.message : 'errors.generic', { type: 'error' });
            return;
          }
          notify('actions.notify.exists', { type: 'info' });
          redirect(ACTION_PATHS.detail(existing));
        },
      }}
    >
      <SimpleForm
        // A prefilled action may be saved as it stands.
        toolbar={
          <Toolbar>
            <SaveButton alwaysEnable />
          </Toolbar>
        }
      >
        <OriginNotice prefill={prefill} />
        <ActionTextInputs />
        {!storeGiven && <StoreInput />}
        <AssigneeInput storeId={inspection?.store.id} />
        <PhotosInput />
      </SimpleForm>
    </Create>
  );
}
