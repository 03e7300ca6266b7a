import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { TaskTypeIcon } from '../../components/TaskTypeIcon';
import { ReviewStateChip } from './ReviewStateChip';
import type { SubmissionReview } from './useSubmissionReview';

/** The review dialog's title (the task, its store, state and attempt), previous / next and close. */
export function SubmissionHeader({
  review: { data, previous, next, navigate },
  isMobile,
  onClose,
}: {
  review: SubmissionReview;
  isMobile: boolean;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const close = (
    <IconButton onClick={onClose} aria-label={translate('ra.action.close')} edge={isMobile ? 'start' : false}>
      <CloseIcon />
    </IconButton>
  );
  return (
    <Stack direction="row" sx={{ alignItems: 'flex-start', gap: 1, px: { xs: 1.5, sm: 3 }, pt: 2, pb: 1 }}>
      {isMobile && close}
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography id="submission-title" variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
          {data && (
            <TaskTypeIcon
              name={data.task.type.icon}
              style={{ color: data.task.type.colour, verticalAlign: -4, marginRight: 8 }}
            />
          )}
          {data?.task.title ?? translate('audit.submission')}
        </Typography>
        {data && (
          <Stack direction="row" sx={{ gap: 1, mt: 0.5, flexWrap: 'wrap', alignItems: 'center' }}>
            <Typography variant="body2" color="text.secondary">
              {data.submission.workspace.name}
            </Typography>
            <ReviewStateChip state={data.submission.state} />
            <Chip
              size="small"
              variant="outlined"
              label={translate('audit.attempt', { attempt: data.submission.attempt })}
            />
            {data.submission.late && <Chip size="small" color="error" label={translate('audit.late')} />}
          </Stack>
        )}
      </Box>
      <Tooltip title={translate('audit.previous')}>
        <span>
          <IconButton
            disabled={previous === undefined}
            onClick={() => previous !== undefined && navigate(previous)}
            aria-label={translate('audit.previous')}
          >
            <ChevronLeftIcon />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title={translate('audit.next')}>
        <span>
          <IconButton
            disabled={next === undefined}
            onClick={() => next !== undefined && navigate(next)}
            aria-label={translate('audit.next')}
          >
            <ChevronRightIcon />
          </IconButton>
        </span>
      </Tooltip>
      {!isMobile && close}
    </Stack>
  );
}
