import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { ActionRow } from '../../../contract/api/actions';

/** Who it is assigned to: a person, or the store's team when no one is named. */
export function ActionAssignee({ assignee }: { assignee: ActionRow['assignee'] }) {
  const translate = useTranslate();
  return (
    <Typography variant="body2" color={assignee ? undefined : 'text.secondary'} component="span">
      {assignee ? assignee.name : translate('actions.store_team')}
    </Typography>
  );
}
