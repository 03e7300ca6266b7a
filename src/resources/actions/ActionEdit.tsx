import Alert from '@mui/material/Alert';
import { useRecordContext, useTranslate } from 'react-admin';
import type { Action, ActionUpdateBody } from '../../../contract/api/actions';
import { RecordEdit } from '../../components/RecordScreens';
import type { PageProps } from '../../routing/types';
import { ActionTextInputs, AssigneeInput } from './ActionInputs';
import { ActionDeleteButton } from './ActionRecordButtons';
import { ACTION_PATHS } from './actionPaths';

/** What the API changes of an action: its words, priority, due date and who does it (not its store). */
const updateBody = (data: Record<string, unknown>): Omit<ActionUpdateBody, 'id'> => {
  const { title, description, priority, due_date, assignee_id } = data as Partial<ActionUpdateBody>;
  return {
    title,
    description: description ?? '',
    priority,
    due_date,
    assignee_id: typeof assignee_id === 'number' ? assignee_id : null,
  };
};

/** The store stays the one it was raised at; the form says which. */
function StoreNote() {
  const translate = useTranslate();
  const record = useRecordContext<Action>();
  if (!record) return null;
  return (
    <Alert severity="info" sx={{ mb: 1 }}>
      {translate('actions.fields.store')}: {record.store.name}
    </Alert>
  );
}

function EditAssignee() {
  const record = useRecordContext<Action>();
  return <AssigneeInput storeId={record?.store.id} />;
}

/** /task/action/edit/:id: the action's title, description, priority, due date and assignee. */
export default function ActionEdit({ title }: PageProps) {
  return (
    <RecordEdit<Action>
      title={title}
      listPath={ACTION_PATHS.list}
      actions={<ActionDeleteButton />}
      transform={updateBody}
      name={(saved) => saved.title}
      then={(saved) => ACTION_PATHS.detail(saved.id)}
      // The form holds who does it by id; the record names them.
      form={{ defaultValues: (record: Action) => ({ assignee_id: record.assignee?.id ?? null }) }}
    >
      <StoreNote />
      <ActionTextInputs />
      <EditAssignee />
    </RecordEdit>
  );
}
