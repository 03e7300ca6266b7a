import EventBusyIcon from '@mui/icons-material/EventBusy';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import type { ChipProps } from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { ActionPriority, ActionRow, ActionStatus } from '../../../contract/api/actions';
import { StateChip } from '../../components/StateChip';
import { useDateFormat } from '../../hooks/useDateFormat';

const STATUS_COLOURS: Record<ActionStatus, ChipProps['color']> = {
  open: 'warning',
  in_progress: 'info',
  done: 'success',
  cannot_fix: 'error',
};

/** Where the action stands; a closed one says so, its last step beside it. */
export function ActionStatusChips({ record }: { record: Pick<ActionRow, 'status' | 'closed_at'> }) {
  return (
    <Stack direction="row" useFlexGap sx={{ gap: 0.5, flexWrap: 'wrap' }}>
      <StateChip
        label={`actions.status.${record.status}`}
        color={STATUS_COLOURS[record.status]}
        outlined={record.closed_at !== null}
      />
      {record.closed_at !== null && <StateChip label="actions.closed" color="default" />}
    </Stack>
  );
}

const PRIORITY_COLOURS: Record<ActionPriority, ChipProps['color']> = {
  low: 'default',
  medium: 'primary',
  high: 'error',
};

export function PriorityChip({ priority }: { priority: ActionPriority }) {
  const translate = useTranslate();
  return (
    <StateChip
      label="actions.priority_chip"
      args={{ priority: translate(`actions.priority.${priority}`) }}
      color={PRIORITY_COLOURS[priority]}
      outlined={priority !== 'high'}
    />
  );
}

/** The due date; past due and still unresolved, in red with a sign that does not rely on colour. */
export function DueDate({ record }: { record: Pick<ActionRow, 'due_date' | 'overdue'> }) {
  const translate = useTranslate();
  const { date } = useDateFormat();
  const day = date(record.due_date);
  if (!record.overdue) return <Typography variant="body2">{day}</Typography>;
  return (
    <Stack
      direction="row"
      spacing={0.5}
      sx={{ alignItems: 'center', color: 'error.main' }}
      data-testid="action-overdue"
    >
      <EventBusyIcon fontSize="small" aria-hidden />
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {translate('actions.overdue_due', { date: day })}
      </Typography>
    </Stack>
  );
}

/** The mark of an action escalated one level up for being overdue. */
export function EscalatedMark({ at }: { at: string | null }) {
  const translate = useTranslate();
  const { date } = useDateFormat();
  if (at === null) return null;
  const text = translate('actions.escalated_on', { date: date(at) });
  return (
    <Tooltip title={text}>
      <TrendingUpIcon color="warning" fontSize="small" titleAccess={text} />
    </Tooltip>
  );
}
