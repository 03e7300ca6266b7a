import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { Submission } from '../../../contract/api/mytasks';
import { useZonedTime } from '../../hooks/useZonedTime';
import { Documents, Gallery, type ZoomTarget } from './EvidenceFiles';

/** Earlier attempts: what was sent (the photo a reason points at outlined) and why it came back. */
export function EarlierAttempt({
  attempt,
  zone,
  onZoom,
}: {
  attempt: Submission;
  /** The store's zone: its times read as its people read them (issue 33). */
  zone: string;
  onZoom: (target: ZoomTarget) => void;
}) {
  const translate = useTranslate();
  const { atStore } = useZonedTime();
  const photos = attempt.attachments.filter((f) => f.kind === 'photo');
  const documents = attempt.attachments.filter((f) => f.kind === 'document');
  return (
    <Box
      sx={{
        borderLeft: 3,
        borderColor: attempt.review?.decision === 'rejected' ? 'error.light' : 'divider',
        pl: 1.5,
      }}
    >
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {translate('my_tasks.attempt', {
          attempt: attempt.attempt,
          date: atStore(attempt.submitted_at, zone).store,
          name: attempt.submitted_by.name,
        })}
      </Typography>
      {attempt.comment && (
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
          {attempt.comment}
        </Typography>
      )}
      {attempt.review?.decision === 'rejected' && (
        <Typography variant="body2" color="error.main">
          {translate('my_tasks.review_rejected', {
            name: attempt.review.reviewed_by?.name ?? '',
            reason: attempt.review.reason ?? '',
          })}
        </Typography>
      )}
      {photos.length > 0 && (
        <Box sx={{ mt: 1, maxWidth: 360 }}>
          <Gallery photos={photos} onZoom={onZoom} pinned={attempt.review?.attachment} size={72} />
        </Box>
      )}
      {documents.length > 0 && (
        <Box sx={{ mt: 1 }}>
          <Documents files={documents} />
        </Box>
      )}
    </Box>
  );
}
