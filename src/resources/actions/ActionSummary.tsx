import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { Action, ActionSource } from '../../../contract/api/actions';
import { Figure } from '../../components/Figure';
import { useDateFormat } from '../../hooks/useDateFormat';
import { ActionAssignee } from './ActionAssignee';
import { ActionStatusChips, DueDate, EscalatedMark, PriorityChip } from './ActionChips';
import { ActionWorkButtons } from './ActionWorkButtons';

/** Where it came from, in a word: by hand, an inspection, a task. */
function SourceName({ source }: { source: ActionSource }) {
  const translate = useTranslate();
  return <>{translate(`actions.source.${source}`)}</>;
}

/** The action's title, chips and figures, and the steps the caller may take. */
export function ActionSummary({ action, onChanged }: { action: Action; onChanged: () => void }) {
  const translate = useTranslate();
  const { dateTime } = useDateFormat();
  return (
    <Card>
      <CardContent>
        <Stack spacing={2}>
          <Stack direction="row" useFlexGap sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="h5" component="h2" sx={{ overflowWrap: 'anywhere' }}>
              {action.title}
            </Typography>
            <ActionStatusChips record={action} />
            <PriorityChip priority={action.priority} />
          </Stack>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            useFlexGap
            sx={{ gap: { xs: 1.5, sm: 4 }, flexWrap: 'wrap' }}
          >
            <Figure label="actions.fields.store">{action.store.name}</Figure>
            <Figure label="actions.fields.due_date">
              <DueDate record={action} />
            </Figure>
            <Figure label="actions.fields.assignee">
              <ActionAssignee assignee={action.assignee} />
            </Figure>
            <Figure label="actions.fields.source">
              <SourceName source={action.source} />
            </Figure>
          </Stack>
          <Stack spacing={0.5}>
            <Typography variant="body2" color="text.secondary">
              {translate('actions.raised', {
                name: action.created_by.name,
                date: dateTime(action.created_at),
              })}
            </Typography>
            {action.closed_at && action.closed_by && (
              <Typography variant="body2" color="text.secondary">
                {translate('actions.closed_by', {
                  name: action.closed_by.name,
                  date: dateTime(action.closed_at),
                })}
              </Typography>
            )}
            {action.escalated_at && (
              <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                <EscalatedMark at={action.escalated_at} />
                <Typography variant="body2" color="text.secondary">
                  {translate('actions.escalated_on', { date: dateTime(action.escalated_at) })}
                </Typography>
              </Stack>
            )}
          </Stack>
          <ActionWorkButtons action={action} onChanged={onChanged} />
        </Stack>
      </CardContent>
    </Card>
  );
}
