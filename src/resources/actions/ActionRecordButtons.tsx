import EditIcon from '@mui/icons-material/Edit';
import { Button, DeleteButton, useRecordContext } from 'react-admin';
import { Link } from 'react-router-dom';
import type { Action } from '../../../contract/api/actions';
import { ACTION_PATHS } from './actionPaths';

/** Edit, for those the action's `can.update` allows. */
export function ActionEditButton() {
  const record = useRecordContext<Action>();
  if (!record?.can.update) return null;
  return (
    <Button component={Link} to={ACTION_PATHS.edit(record.id)} label="ra.action.edit">
      <EditIcon />
    </Button>
  );
}

/** Delete after asking, for those the action's `can.delete` allows; then back to the list. */
export function ActionDeleteButton() {
  const record = useRecordContext<Action>();
  if (!record?.can.delete) return null;
  return (
    <DeleteButton
      record={record}
      mutationMode="pessimistic"
      redirect={ACTION_PATHS.list}
      confirmTitle="actions.confirm.delete_title"
      confirmContent="actions.confirm.delete_body"
      translateOptions={{ name: record.title }}
      successMessage="actions.notify.deleted"
    />
  );
}
