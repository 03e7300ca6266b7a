import AddTaskIcon from '@mui/icons-material/AddTask';
import Button from '@mui/material/Button';
import { useCanAccess, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { type ActionSourceRef, createActionPath } from './actionPaths';

/**
 * "Create action" (issue 49): a link to the actions' create form with what the action is raised
 * from, shown only to those who may create actions. `name` is what a screen reader hears: the
 * visible words and what they are about (a question, a task).
 */
export function CreateActionLink({
  from,
  name,
  size = 'small',
}: {
  from: ActionSourceRef;
  name?: string;
  size?: 'small' | 'medium';
}) {
  const translate = useTranslate();
  const { canAccess } = useCanAccess({ resource: 'action', action: 'create' });
  if (!canAccess) return null;
  return (
    <Button
      component={Link}
      to={createActionPath(from)}
      variant="outlined"
      size={size}
      startIcon={<AddTaskIcon />}
      aria-label={name}
      sx={{ minHeight: 44, alignSelf: 'flex-start' }}
    >
      {translate('inspections.actions.create')}
    </Button>
  );
}
