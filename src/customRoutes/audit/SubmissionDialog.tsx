import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import Divider from '@mui/material/Divider';
import LinearProgress from '@mui/material/LinearProgress';
import { useState } from 'react';
import type { AuditSubmissionDetail } from '../../../contract/api/audit';
import { LoadFailure } from '../../components/LoadFailure';
import { useIsMobile } from '../../hooks/useIsMobile';
import type { ZoomTarget } from './EvidenceFiles';
import { type NextLine, NothingMoreWaiting } from './NothingMoreWaiting';
import { PhotoZoom } from './PhotoZoom';
import { RejectDialog } from './RejectDialog';
import { ReviewActions } from './ReviewActions';
import { SentBackOffer } from './SentBackOffer';
import { SubmissionBody } from './SubmissionBody';
import { SubmissionHeader } from './SubmissionHeader';
import { useReviewShortcuts } from './useReviewShortcuts';
import { type ReviewList, useSubmissionReview } from './useSubmissionReview';

/**
 * One submission for a decision: the instructions beside the evidence. ← / → (or K / J) move
 * through the list; A approves and R opens the rejection. After a decision the next waiting
 * submission of the same list (the same task, or the same store) opens; when none is left the
 * dialog says so and offers the next line of the queue, never another task's work unasked.
 * A and R act only on the submission on screen, once it has loaded.
 */
export function SubmissionDialog({
  lineOf,
  nextLine,
  onClose,
  ...list
}: ReviewList & {
  /** The task or store the list belongs to, as a submission of it names it. */
  lineOf: (detail: AuditSubmissionDetail) => string;
  nextLine: NextLine | undefined;
  onClose: () => void;
}) {
  const isMobile = useIsMobile();
  const review = useSubmissionReview(list);
  const [zoomed, setZoomed] = useState<ZoomTarget>();
  useReviewShortcuts(review, review.rejecting || zoomed !== undefined);
  const { id, data, error } = review;
  const photos =
    data?.history.find((h) => h.id === data.submission.id)?.attachments.filter((f) => f.kind === 'photo') ??
    [];

  return (
    <Dialog
      open={id !== undefined}
      onClose={onClose}
      fullScreen={isMobile}
      fullWidth
      maxWidth="lg"
      aria-labelledby="submission-title"
    >
      <SubmissionHeader review={review} isMobile={isMobile} onClose={onClose} />
      <Divider />
      <DialogContent sx={{ px: { xs: 1.5, sm: 3 } }}>
        {review.sentBack && <SentBackOffer sentBack={review.sentBack} />}
        {review.finished && (
          <NothingMoreWaiting name={data ? lineOf(data) : ''} nextLine={nextLine} onClose={onClose} />
        )}
        {(review.isPending || !data) && id !== undefined && error == null && <LinearProgress />}
        {error != null && <LoadFailure error={error} onRetry={() => review.refetch()} />}
        {data && <SubmissionBody detail={data} onZoom={setZoomed} />}
      </DialogContent>
      <Divider />
      <ReviewActions review={review} isMobile={isMobile} />
      {review.rejecting && (
        <RejectDialog
          open
          photos={photos}
          pending={review.rejectPending}
          error={review.rejectError}
          onCancel={review.cancelReject}
          onReject={review.doReject}
        />
      )}
      <PhotoZoom target={zoomed} onClose={() => setZoomed(undefined)} />
    </Dialog>
  );
}
