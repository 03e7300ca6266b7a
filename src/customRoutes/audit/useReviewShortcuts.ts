import { useEffect } from 'react';
import type { SubmissionReview } from './useSubmissionReview';

/**
 * The review dialog's keys: ← / → (or K / J) move through the list, A approves and R opens the
 * rejection. Off while another dialog (the rejection, the zoom) has the keyboard, and in a field.
 */
export function useReviewShortcuts(review: SubmissionReview, elsewhere: boolean) {
  const { id, next, previous, canReview, approving, navigate, doApprove, setRejecting } = review;
  useEffect(() => {
    if (id === undefined || elsewhere) return;
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target && ['INPUT', 'TEXTAREA'].includes(target.tagName)) return;
      if (event.metaKey || event.ctrlKey || event.altKey) return;
      const key = event.key.toLowerCase();
      if ((key === 'arrowright' || key === 'j') && next !== undefined) navigate(next);
      else if ((key === 'arrowleft' || key === 'k') && previous !== undefined) navigate(previous);
      else if (key === 'a' && canReview && !approving) doApprove();
      else if (key === 'r' && canReview) setRejecting(true);
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });
}
