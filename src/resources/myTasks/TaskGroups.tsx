import Avatar from '@mui/material/Avatar';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { MyTaskCard, MyTaskGroup } from '../../../contract/api/mytasks';
import { TaskTypeIcon } from '../../components/TaskTypeIcon';
import { TaskCard } from './TaskCard';

export interface TaskGroupsProps {
  groups: readonly MyTaskGroup[];
  /** The day on screen (cards due on another day show their date); none for search results. */
  day?: string;
  onOpen: (card: MyTaskCard) => void;
}

/**
 * The store's tasks grouped by type in the types' order, the ones still to do first; what is done
 * moves to one "Done" list at the end, so the day shrinks as the shift works through it.
 */
export function TaskGroups({ groups, day, onOpen }: TaskGroupsProps) {
  const translate = useTranslate();
  const todo = groups
    .map((group) => ({ type: group.type, tasks: group.tasks.filter((t) => !t.done) }))
    .filter((group) => group.tasks.length > 0);
  const done = groups.flatMap((group) =>
    group.tasks.filter((t) => t.done).map((card) => ({ card, type: group.type })),
  );
  return (
    <Stack spacing={3}>
      {todo.map((group) => (
        <Stack key={group.type.id} spacing={1} component="section" aria-label={group.type.name}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Avatar
              sx={{ bgcolor: group.type.colour, color: group.type.secondary_colour, width: 24, height: 24 }}
            >
              <TaskTypeIcon name={group.type.icon} sx={{ fontSize: 16 }} />
            </Avatar>
            <Typography variant="subtitle2" component="h2" sx={{ fontWeight: 700 }}>
              {group.type.name}
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
      {done.length > 0 && (
        <Stack
          spacing={1}
          component="section"
          aria-label={translate('my_tasks.done')}
          data-testid="done-section"
        >
          <Typography variant="subtitle2" component="h2" color="text.secondary" sx={{ fontWeight: 700 }}>
            {translate('my_tasks.done_section', { smart_count: done.length })}
          </Typography>
          {done.map(({ card, type }) => (
            <TaskCard key={card.assignment_id} card={card} type={type} day={day} onOpen={onOpen} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
