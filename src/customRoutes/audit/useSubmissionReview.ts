import { useEffect, useState } from 'react';
import { useNotify } from 'react-admin';
import { useAuditSubmission, useReview } from './auditQueries';

/** Where the review dialog was opened from: the list's ids in order, and those that wait. */
export interface ReviewList {
  id: number | undefined;
  /** The ids of the list the dialog was opened from, in its order. */
  order: readonly number[];
  /** Those of them that wait for a decision, as the list last showed. */
  waiting: readonly number[];
  onNavigate: (id: number) => void;
}

/** A submission just sent back: what an action following it up is raised from. */
export interface SentBack {
  assignmentId: number;
  task: string;
}

/**
 * One submission on screen and the decisions on it: after approving or sending back, the next
 * waiting submission of the same list opens, or the dialog is finished when none is left; after a
 * send-back, `sentBack` names it until the reviewer moves on, to offer an action (issue 49). A and
 * R act only on the submission on screen, once it has loaded.
 */
export function useSubmissionReview({ id, order, waiting, onNavigate }: ReviewList) {
  const notify = useNotify();
  const { data: loaded, error, isPending, refetch } = useAuditSubmission(id);
  const { approve, reject } = useReview();
  const [rejecting, setRejecting] = useState(false);
  /** Decided here since the dialog opened: the list may not have caught up with them yet. */
  const [decided, setDecided] = useState<ReadonlySet<number>>(new Set());
  /** The last decision left nothing waiting in this list. */
  const [finished, setFinished] = useState(false);
  /** The submission just sent back (its assignment and task), offered an action until the next step. */
  const [sentBack, setSentBack] = useState<SentBack>();
  // What is on screen: never the previous submission's answer while the next one loads.
  const data = loaded && loaded.submission.id === id ? loaded : undefined;
  const position = id === undefined ? -1 : order.indexOf(id);
  const previous = position > 0 ? order[position - 1] : undefined;
  const next = position >= 0 && position < order.length - 1 ? order[position + 1] : undefined;
  const canReview = data?.can_review === true && id !== undefined && !decided.has(id);

  useEffect(() => {
    if (id === undefined) {
      setDecided(new Set());
      setFinished(false);
      setSentBack(undefined);
    }
  }, [id]);

  const navigate = (to: number) => {
    setFinished(false);
    onNavigate(to);
  };
  const afterDecision = (decidedId: number) => {
    const done = new Set(decided).add(decidedId);
    setDecided(done);
    const left = waiting.filter((w) => !done.has(w));
    // The next waiting one after this in the list's order, else the first before it.
    const following = order.slice(position + 1).find((o) => left.includes(o)) ?? left[0];
    if (following !== undefined) navigate(following);
    else setFinished(true);
  };
  const doApprove = () => {
    if (!data || !canReview) return;
    const decidedId = data.submission.id;
    approve.mutate([decidedId], {
      onSuccess: () => {
        setSentBack(undefined);
        notify('audit.approved', { type: 'success', messageArgs: { smart_count: 1 } });
        afterDecision(decidedId);
      },
      onError: (e) => notify(e.message, { type: 'error' }),
    });
  };
  const doReject = (reason: string, attachment: string | undefined) => {
    if (!data || !canReview) return;
    const decidedId = data.submission.id;
    const { assignment_id, task } = data.submission;
    reject.mutate(
      { id: decidedId, reason, attachment },
      {
        onSuccess: () => {
          setRejecting(false);
          notify('audit.rejected', { type: 'info' });
          afterDecision(decidedId);
          setSentBack({ assignmentId: assignment_id, task: task.title });
        },
      },
    );
  };
  const cancelReject = () => {
    reject.reset();
    setRejecting(false);
  };

  return {
    id,
    data,
    error,
    isPending,
    refetch,
    previous,
    next,
    canReview,
    decided: id !== undefined && decided.has(id),
    finished,
    rejecting,
    setRejecting,
    approving: approve.isPending,
    rejectPending: reject.isPending,
    rejectError: reject.error instanceof Error ? reject.error.message : undefined,
    sentBack,
    navigate: (to: number) => {
      setSentBack(undefined);
      navigate(to);
    },
    doApprove,
    doReject,
    cancelReject,
  };
}

export type SubmissionReview = ReturnType<typeof useSubmissionReview>;
