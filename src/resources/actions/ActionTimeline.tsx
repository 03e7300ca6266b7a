import type { SvgIconComponent } from '@mui/icons-material';
import AddCircleOutlineIcon from '@mui/icons-material/AddCircleOutline';
import ChatBubbleOutlineIcon from '@mui/icons-material/ChatBubbleOutline';
import EditNoteIcon from '@mui/icons-material/EditNote';
import LockIcon from '@mui/icons-material/Lock';
import PersonOutlineIcon from '@mui/icons-material/PersonOutline';
import ReplayIcon from '@mui/icons-material/Replay';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { ActionEvent, ActionEventKind } from '../../../contract/api/actions';
import { useDateFormat } from '../../hooks/useDateFormat';
import { ActionPhotos } from './ActionPhotoPicker';

const ICONS: Record<ActionEventKind, SvgIconComponent> = {
  created: AddCircleOutlineIcon,
  comment: ChatBubbleOutlineIcon,
  status: SwapHorizIcon,
  assigned: PersonOutlineIcon,
  edited: EditNoteIcon,
  escalated: TrendingUpIcon,
  closed: LockIcon,
  reopened: ReplayIcon,
};

/** What happened, in words: a status step names both statuses ("Open → In progress"). */
function useWhat() {
  const translate = useTranslate();
  return (event: ActionEvent) =>
    event.kind === 'status' && event.from_status && event.to_status
      ? translate('actions.events.status', {
          from: translate(`actions.status.${event.from_status}`),
          to: translate(`actions.status.${event.to_status}`),
        })
      : translate(`actions.events.${event.kind}`);
}

/**
 * The action's history, oldest first as the server keeps it: each step with who took it
 * (Storeline itself for an escalation), when, what it was, and what they said and showed.
 */
export function ActionTimeline({ events, title }: { events: readonly ActionEvent[]; title: string }) {
  const translate = useTranslate();
  const { dateTime } = useDateFormat();
  const what = useWhat();
  if (events.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        {translate('actions.events.none')}
      </Typography>
    );
  return (
    <Box component="ol" sx={{ m: 0, p: 0, listStyle: 'none' }} data-testid="action-history">
      {events.map((event, index) => {
        const Icon = ICONS[event.kind];
        const last = index === events.length - 1;
        return (
          <Stack component="li" key={event.id} direction="row" spacing={1.5}>
            <Stack sx={{ alignItems: 'center' }}>
              <Icon fontSize="small" color={event.kind === 'escalated' ? 'warning' : 'action'} />
              {!last && <Box sx={{ flex: 1, width: 2, bgcolor: 'divider', my: 0.5 }} />}
            </Stack>
            <Stack spacing={0.5} sx={{ pb: last ? 0 : 2, minWidth: 0, flex: 1 }}>
              <Typography variant="body2">
                <Box component="span" sx={{ fontWeight: 600 }}>
                  {event.user?.name ?? translate('actions.events.storeline')}
                </Box>
                {' · '}
                {what(event)}
              </Typography>
              <Typography variant="caption" color="text.secondary" component="time" dateTime={event.at}>
                {dateTime(event.at)}
              </Typography>
              {event.comment && (
                <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {event.comment}
                </Typography>
              )}
              <ActionPhotos photos={event.photos} label={title} />
            </Stack>
          </Stack>
        );
      })}
    </Box>
  );
}
