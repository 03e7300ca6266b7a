import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef } from 'react';
import { useTranslate } from 'react-admin';
import { useIsMobile } from '../../hooks/useIsMobile';
import { statusOf } from '../../providers/httpClient';
import { CompletionForm } from './CompletionForm';
import { returnFocusToCard } from './cardFocus';
import { isCompletable } from './cardState';
import { type CompletionRoute, useTaskDetail } from './myTasksQueries';
import { TaskDetailView } from './TaskDetailView';

export interface TaskDrawerProps {
  assignmentId: number | undefined;
  onClose: () => void;
  /** How it is completed; `none`: shown to read only (someone else's store on the compliance grid). */
  completion?: CompletionRoute | 'none';
}

/**
 * One assignment opened from its card (or from the urgent modal's link): what to do, and the form
 * to do it. On phones it fills the screen, with the close button top left where a thumb finds it.
 */
export function TaskDrawer({ assignmentId, onClose, completion = 'mytasks' }: TaskDrawerProps) {
  const translate = useTranslate();
  const isMobile = useIsMobile();
  const { data, error, isPending } = useTaskDetail(assignmentId);
  const open = assignmentId !== undefined;
  const lastOpened = useRef(assignmentId);
  if (assignmentId !== undefined) lastOpened.current = assignmentId;
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{
        // Closed: the focus goes back to the task's card, wherever it is now (MUI's own return
        // fails when the card moved to the done section).
        transition: {
          onExit: () => {
            if (lastOpened.current !== undefined) returnFocusToCard(lastOpened.current);
          },
        },
        paper: {
          sx: { width: isMobile ? '100%' : 520, maxWidth: '100%' },
          role: 'dialog',
          'aria-label': data?.task.title ?? translate('pages.my_tasks'),
          'data-testid': 'task-drawer',
        } as object,
      }}
    >
      <Stack
        direction="row"
        sx={{
          alignItems: 'center',
          gap: 1,
          px: 1,
          py: 0.5,
          borderBottom: 1,
          borderColor: 'divider',
          position: 'sticky',
          top: 0,
          bgcolor: 'background.paper',
          zIndex: 2,
        }}
      >
        <IconButton onClick={onClose} aria-label={translate('my_tasks.close')} size="large">
          <CloseIcon />
        </IconButton>
        <Typography variant="subtitle1" noWrap sx={{ flex: 1, fontWeight: 600 }}>
          {data?.task.title}
        </Typography>
      </Stack>
      {/* A column down to the bottom edge, so the form's actions sit there, under the thumb. */}
      <Box sx={{ px: { xs: 2, sm: 3 }, pt: 2, flex: 1, display: 'flex', flexDirection: 'column' }}>
        {open && isPending && <LinearProgress />}
        {error && (
          <Alert severity={statusOf(error) === 404 ? 'info' : 'error'}>
            {statusOf(error) === 404 ? translate('my_tasks.not_found') : error.message}
          </Alert>
        )}
        {data && (
          <Stack spacing={3} useFlexGap sx={{ flex: 1 }}>
            <TaskDetailView detail={data} />
            {/* Keyed by assignment so a newly opened task starts with an empty form. */}
            {completion !== 'none' && isCompletable(data.assignment) && (
              <CompletionForm
                key={data.assignment.assignment_id}
                detail={data}
                onCompleted={onClose}
                via={completion}
              />
            )}
          </Stack>
        )}
      </Box>
    </Drawer>
  );
}
