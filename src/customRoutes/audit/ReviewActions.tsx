import CheckIcon from '@mui/icons-material/Check';
import UndoIcon from '@mui/icons-material/Undo';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { SubmissionReview } from './useSubmissionReview';

/** Approve and send back, or why this person cannot decide on this submission. */
export function ReviewActions({
  review: { data, id, canReview, decided, approving, doApprove, setRejecting },
  isMobile,
}: {
  review: SubmissionReview;
  isMobile: boolean;
}) {
  const translate = useTranslate();
  return (
    <DialogActions sx={{ px: { xs: 1.5, sm: 3 }, py: 1.5, gap: 1, flexWrap: 'wrap' }}>
      {data && !canReview && data.review_blocked && id !== undefined && !decided && (
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
          {data.review_blocked}
        </Typography>
      )}
      {!isMobile && canReview && (
        <Typography variant="caption" color="text.secondary" sx={{ flex: 1 }}>
          {translate('audit.shortcuts')}
        </Typography>
      )}
      {canReview && (
        <>
          <Button
            color="error"
            variant="outlined"
            startIcon={<UndoIcon />}
            onClick={() => setRejecting(true)}
          >
            {translate('audit.reject')}
          </Button>
          <Button
            color="success"
            variant="contained"
            startIcon={<CheckIcon />}
            onClick={doApprove}
            disabled={approving}
          >
            {translate('audit.approve')}
          </Button>
        </>
      )}
    </DialogActions>
  );
}
