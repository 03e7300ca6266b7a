import AttachFileIcon from '@mui/icons-material/AttachFile';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ChecklistIcon from '@mui/icons-material/Checklist';
import CommentOutlinedIcon from '@mui/icons-material/CommentOutlined';
import PhotoCameraOutlinedIcon from '@mui/icons-material/PhotoCameraOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import type { MyTaskCard, MyTaskType } from '../../../contract/api/mytasks';
import { StateChip } from '../../components/StateChip';
import { useStoreTime } from '../../components/StoreTime';
import { TaskTypeIcon } from '../../components/TaskTypeIcon';
import { useSessionUser } from '../../hooks/useSession';
import { useZonedTime } from '../../hooks/useZonedTime';
import { dayKeyIn, dayLabels } from '../../providers/zonedTime';
import { stateBadge } from './cardState';

export interface TaskCardProps {
  card: MyTaskCard;
  type: MyTaskType;
  /** The day on screen: a card due on another day (a window over several days, a search hit) shows its date. */
  day?: string;
  compact?: boolean;
  onOpen: (card: MyTaskCard) => void;
}

function Evidence({ icon, label }: { icon: ReactNode; label: string }) {
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', color: 'text.secondary' }}>
      {icon}
      <Typography variant="caption">{label}</Typography>
    </Stack>
  );
}

/** One assignment in the store's day: type colour and icon, title, due time, state and evidence. */
export function TaskCard({ card, type, day, compact = false, onOpen }: TaskCardProps) {
  const user = useSessionUser();
  // Above store level (an area, a state) the list spans several workspaces: each card names its own.
  const showWorkspace = user?.position_list.find((p) => p.id === user.positionId)?.node_type !== 'workspace';
  const translate = useTranslate();
  const { dayOf, locale } = useZonedTime();
  const storeTime = useStoreTime();
  const zone = card.workspace.timezone;
  const shortDay = (d: string) => {
    const labels = dayLabels(d, locale);
    return `${labels.weekday} ${labels.dayOfMonth}`;
  };
  const badge = stateBadge(card);
  const dueOnDay = day !== undefined && dayOf(card.due_at) === day;
  // The store's clock: a card of a store in another zone reads as its people read it.
  const dueTime = storeTime(card.due_at, zone, dueOnDay || compact ? 'time' : 'dateTime');
  const due = dueOnDay
    ? translate('my_tasks.due_at', { time: dueTime.text })
    : compact
      ? // A narrow week column: the weekday and day of the month say enough.
        translate('my_tasks.due_at', { time: `${shortDay(dayKeyIn(card.due_at, zone))} ${dueTime.text}` })
      : translate('my_tasks.due_on', { date: dueTime.text });
  const e = card.evidence;
  return (
    <ButtonBase
      onClick={() => onOpen(card)}
      data-testid="task-card"
      data-assignment-id={card.assignment_id}
      data-done={card.done}
      sx={{
        display: 'flex',
        width: '100%',
        textAlign: 'left',
        alignItems: 'flex-start',
        gap: 1.5,
        p: compact ? 1 : 1.5,
        borderRadius: 2,
        border: 1,
        borderColor: 'divider',
        borderLeft: 4,
        borderLeftColor: type.colour,
        // Done work is set apart by its tint, tick and state, not by fading (text keeps 4.5:1).
        bgcolor: card.done ? 'action.hover' : 'background.paper',
        '&:hover': { bgcolor: 'action.selected' },
        '&.Mui-focusVisible': { outline: 2, outlineColor: 'primary.main' },
      }}
    >
      {!compact && (
        <Avatar sx={{ bgcolor: type.colour, color: type.secondary_colour, width: 36, height: 36 }}>
          {card.done ? (
            <CheckCircleIcon fontSize="small" />
          ) : (
            <TaskTypeIcon name={type.icon} fontSize="small" />
          )}
        </Avatar>
      )}
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography
          variant={compact ? 'body2' : 'subtitle1'}
          sx={{
            fontWeight: 600,
            lineHeight: 1.3,
            overflowWrap: 'anywhere',
          }}
        >
          {card.title}
        </Typography>
        <Stack
          direction="row"
          sx={{ flexWrap: 'wrap', alignItems: 'center', columnGap: 1, rowGap: 0.5, mt: 0.5 }}
        >
          <Typography variant="body2" color={card.overdue ? 'error' : 'text.secondary'} title={dueTime.yours}>
            {due}
          </Typography>
          {badge && (
            <StateChip
              label={`my_tasks.${badge.label}`}
              color={badge.tone}
              outlined={badge.tone === 'default'}
              icon={card.done ? <CheckCircleIcon /> : undefined}
            />
          )}
          {showWorkspace && (
            <Typography variant="body2" color="text.secondary">
              {card.workspace.name}
            </Typography>
          )}
          {!compact && card.department && (
            <Chip
              size="small"
              variant="outlined"
              label={card.department.name}
              sx={{ borderColor: card.department.colour, maxWidth: '100%' }}
            />
          )}
        </Stack>
        {card.status === 'rejected' && card.rejection_reason && (
          // Sent back by a reviewer: what to fix, before the card is even opened.
          <Typography
            variant={compact ? 'caption' : 'body2'}
            color="warning.dark"
            data-testid="task-card-rejection"
            sx={{ mt: 0.5, overflowWrap: 'anywhere' }}
          >
            {translate('my_tasks.rejection', { reason: card.rejection_reason })}
          </Typography>
        )}
        {!compact && !card.done && (
          <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 1.5, rowGap: 0.5, mt: 0.75 }}>
            {e.photos > 0 && (
              <Evidence
                icon={<PhotoCameraOutlinedIcon sx={{ fontSize: 16 }} />}
                label={translate('my_tasks.evidence_photos', { smart_count: e.photos })}
              />
            )}
            {e.files > 0 && (
              <Evidence
                icon={<AttachFileIcon sx={{ fontSize: 16 }} />}
                label={translate('my_tasks.evidence_files', { smart_count: e.files })}
              />
            )}
            {e.comment && (
              <Evidence
                icon={<CommentOutlinedIcon sx={{ fontSize: 16 }} />}
                label={translate('my_tasks.evidence_comment')}
              />
            )}
            {card.checklist.total > 0 && (
              <Evidence
                icon={<ChecklistIcon sx={{ fontSize: 16 }} />}
                label={translate('my_tasks.evidence_checklist', card.checklist)}
              />
            )}
            {card.acknowledgement && (
              <Typography variant="caption" color="text.secondary">
                {translate('my_tasks.acknowledged_count', {
                  count: card.acknowledgement.acknowledged_count,
                  people: card.acknowledgement.people,
                })}
              </Typography>
            )}
          </Stack>
        )}
      </Box>
    </ButtonBase>
  );
}
