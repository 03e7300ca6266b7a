import Avatar from '@mui/material/Avatar';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { MyTaskCard, MyTaskGroup } from '../../../contract/api/mytasks';
import { TaskTypeIcon } from '../../components/TaskTypeIcon';
import { useNameIn } from '../../hooks/useNameIn';
import { TaskCard } from './TaskCard';

export interface TaskGroupsProps {
  groups: readonly MyTaskGroup[];
  /** The day on screen (cards due on another day show their date); none for search results. */
  day?: string;
  onOpen: (card: MyTaskCard) => void;
}

interface TypedCard {
  card: MyTaskCard;
  type: MyTaskGroup['type'];
}

/**
 * The store's tasks: first what a reviewer sent back to fix (its reason on the card), then what
 * is still to do grouped by type in the types' order, then what waits for a reviewer's approval,
 * and last one "Done" list, so the day shrinks as the shift works through it and nothing that is
 * not finished reads as done.
 */
export function TaskGroups({ groups, day, onOpen }: TaskGroupsProps) {
  const translate = useTranslate();
  const typeName = useNameIn();
  const all = groups.flatMap((group) => group.tasks.map((card) => ({ card, type: group.type })));
  const sentBack = all.filter(({ card }) => !card.done && card.status === 'rejected');
  const todo = groups
    .map((group) => ({
      type: group.type,
      tasks: group.tasks.filter((t) => !t.done && t.status !== 'rejected'),
    }))
    .filter((group) => group.tasks.length > 0);
  const waiting = all.filter(({ card }) => card.done && card.status === 'submitted');
  const done = all.filter(({ card }) => card.done && card.status !== 'submitted');
  const section = (
    label: 'sent_back' | 'waiting_approval' | 'done',
    cards: TypedCard[],
    testId: string,
    muted = true,
  ) =>
    cards.length > 0 && (
      <Stack spacing={1} component="section" aria-label={translate(`my_tasks.${label}`)} data-testid={testId}>
        <Typography
          variant="subtitle2"
          component="h2"
          color={muted ? 'text.secondary' : 'warning.dark'}
          sx={{ fontWeight: 700 }}
        >
          {translate(`my_tasks.${label}_section`, { smart_count: cards.length })}
        </Typography>
        {cards.map(({ card, type }) => (
          <TaskCard key={card.assignment_id} card={card} type={type} day={day} onOpen={onOpen} />
        ))}
      </Stack>
    );
  return (
    <Stack spacing={3}>
      {section('sent_back', sentBack, 'sent-back-section', false)}
      {todo.map((group) => (
        <Stack key={group.type.id} spacing={1} component="section" aria-label={typeName(group.type)}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Avatar
              sx={{ bgcolor: group.type.colour, color: group.type.secondary_colour, width: 24, height: 24 }}
            >
              <TaskTypeIcon name={group.type.icon} sx={{ fontSize: 16 }} />
            </Avatar>
            <Typography variant="subtitle2" component="h2" sx={{ fontWeight: 700 }}>
              {typeName(group.type)}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {translate('my_tasks.task_count', { smart_count: group.tasks.length })}
            </Typography>
          </Stack>
          {group.tasks.map((card) => (
            <TaskCard key={card.assignment_id} card={card} type={group.type} day={day} onOpen={onOpen} />
          ))}
        </Stack>
      ))}
      {section('waiting_approval', waiting, 'waiting-section')}
      {section('done', done, 'done-section')}
    </Stack>
  );
}
