import CheckIcon from '@mui/icons-material/Check';
import CheckBoxIcon from '@mui/icons-material/CheckBox';
import CheckBoxOutlineBlankIcon from '@mui/icons-material/CheckBoxOutlineBlank';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import CloseIcon from '@mui/icons-material/Close';
import DownloadIcon from '@mui/icons-material/Download';
import FitScreenIcon from '@mui/icons-material/FitScreen';
import PushPinIcon from '@mui/icons-material/PushPin';
import UndoIcon from '@mui/icons-material/Undo';
import ZoomInIcon from '@mui/icons-material/ZoomIn';
import ZoomOutIcon from '@mui/icons-material/ZoomOut';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import type { AuditSubmissionDetail } from '../../../contract/api/audit';
import type { Submission, TaskFileRef } from '../../../contract/api/mytasks';
import { DetailSection } from '../../components/DetailSection';
import { EvidencePhoto } from '../../components/EvidencePhoto';
import { LoadFailure } from '../../components/LoadFailure';
import { TaskTypeIcon } from '../../components/TaskTypeIcon';
import { useIsMobile } from '../../hooks/useIsMobile';
import { useTaskFileDownload } from '../../hooks/useTaskFileDownload';
import { useZonedTime } from '../../hooks/useZonedTime';
import { TaskInstructions } from '../../resources/tasks/TaskInstructions';
import { useAuditSubmission, useReview } from './auditQueries';
import { RejectDialog } from './RejectDialog';
import { ReviewStateChip } from './ReviewStateChip';

/** What the zoom shows: one photo of a set, moving through the set. */
interface ZoomTarget {
  photos: readonly TaskFileRef[];
  index: number;
}

function Gallery({
  photos,
  onZoom,
  pinned,
  size = 140,
}: {
  photos: readonly TaskFileRef[];
  onZoom: (target: ZoomTarget) => void;
  /** The photo a rejection pointed at, outlined. */
  pinned?: string | null;
  size?: number;
}) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: `repeat(auto-fill, minmax(${size}px, 1fr))`, gap: 1 }}>
      {photos.map((file, index) => {
        const isPinned = pinned === file.hash;
        return (
          <Tooltip key={file.hash} title={isPinned ? translate('audit.pinned') : ''} describeChild>
            <ButtonBase
              onClick={() => onZoom({ photos, index })}
              aria-label={translate('audit.zoom', { name: file.name })}
              data-pinned={isPinned || undefined}
              sx={{
                display: 'block',
                position: 'relative',
                borderRadius: 1,
                outline: isPinned ? 3 : 0,
                outlineColor: 'error.main',
                outlineOffset: 1,
                '&:focus-visible': { outline: 2, outlineColor: 'primary.main' },
              }}
            >
              <EvidencePhoto hash={file.hash} mime={file.mime} alt={file.name} height={size} />
              {isPinned && (
                <PushPinIcon
                  fontSize="small"
                  sx={{
                    position: 'absolute',
                    top: 4,
                    right: 4,
                    color: 'common.white',
                    bgcolor: 'error.main',
                    borderRadius: '50%',
                    p: 0.25,
                  }}
                />
              )}
            </ButtonBase>
          </Tooltip>
        );
      })}
    </Box>
  );
}

function Documents({ files }: { files: readonly TaskFileRef[] }) {
  const download = useTaskFileDownload();
  return (
    <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
      {files.map((file) => (
        <Chip
          key={file.hash}
          icon={<DownloadIcon />}
          label={file.name}
          onClick={() => download(file)}
          variant="outlined"
        />
      ))}
    </Stack>
  );
}

/** Earlier attempts: what was sent (the photo a reason points at outlined) and why it came back. */
function EarlierAttempt({
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

function Body({ detail, onZoom }: { detail: AuditSubmissionDetail; onZoom: (target: ZoomTarget) => void }) {
  const translate = useTranslate();
  const { atStore } = useZonedTime();
  const { task, submission, history } = detail;
  const zone = submission.workspace.timezone;
  const dueMine = atStore(submission.due_at, zone).mine;
  const current = history.find((h) => h.id === submission.id) ?? history[history.length - 1];
  const earlier = history.filter((h) => h.id !== submission.id);
  const photos = current?.attachments.filter((f) => f.kind === 'photo') ?? [];
  const documents = current?.attachments.filter((f) => f.kind === 'document') ?? [];
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 2fr) minmax(0, 3fr)' },
        gap: { xs: 2.5, md: 3 },
      }}
    >
      <Stack spacing={2} sx={{ order: { xs: 2, md: 1 } }}>
        <DetailSection title={translate('audit.instructions')}>
          <TaskInstructions html={task.description} />
        </DetailSection>
        {task.checklist.length > 0 && (
          <DetailSection title={translate('audit.checklist')}>
            {task.checklist.map((step, i) => (
              <Stack key={step} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                {current?.checklist[i] ? (
                  <CheckBoxIcon color="success" fontSize="small" />
                ) : (
                  <CheckBoxOutlineBlankIcon color="disabled" fontSize="small" />
                )}
                <Typography variant="body2">{step}</Typography>
              </Stack>
            ))}
          </DetailSection>
        )}
      </Stack>
      <Stack spacing={2} sx={{ order: { xs: 1, md: 2 } }}>
        <DetailSection title={translate('audit.evidence')}>
          <Typography variant="body2" color="text.secondary">
            {translate('audit.sent_by', {
              name: submission.submitted_by.name,
              date: atStore(submission.submitted_at, zone).store,
            })}
            {' · '}
            {translate('audit.due', { date: atStore(submission.due_at, zone).store })}
          </Typography>
          {dueMine && (
            <Typography variant="caption" color="text.secondary" data-store-time="marked">
              {translate('store_time.line', { zone, time: dueMine })}
            </Typography>
          )}
          {photos.length > 0 && (
            <Gallery photos={photos} onZoom={onZoom} pinned={current?.review?.attachment} />
          )}
          {documents.length > 0 && <Documents files={documents} />}
          {current?.comment ? (
            <Typography
              variant="body1"
              sx={{ whiteSpace: 'pre-wrap', bgcolor: 'action.hover', p: 1.5, borderRadius: 1 }}
            >
              {current.comment}
            </Typography>
          ) : (
            photos.length === 0 &&
            documents.length === 0 && (
              <Typography variant="body2" color="text.secondary">
                {translate('audit.no_evidence')}
              </Typography>
            )
          )}
          {current?.review?.decision === 'rejected' && (
            <Alert severity="error">{current.review.reason}</Alert>
          )}
        </DetailSection>
        {earlier.length > 0 && (
          <DetailSection title={translate('audit.earlier_attempts')}>
            {earlier.map((attempt) => (
              <EarlierAttempt key={attempt.id} attempt={attempt} zone={zone} onZoom={onZoom} />
            ))}
          </DetailSection>
        )}
      </Stack>
    </Box>
  );
}

const ZOOM_STEPS = [1, 1.5, 2, 3, 4];

/**
 * A photo full screen: fitted first; click (or +) to enlarge and scroll to look closer, − or 0 to
 * come back; ← → move through the set it was opened from.
 */
function Zoom({ target, onClose }: { target: ZoomTarget | undefined; onClose: () => void }) {
  const translate = useTranslate();
  const [index, setIndex] = useState(0);
  const [step, setStep] = useState(0);
  useEffect(() => {
    setIndex(target?.index ?? 0);
    setStep(0);
  }, [target]);
  const photos = target?.photos ?? [];
  const file = photos[index];
  const scale = ZOOM_STEPS[step]!;
  // Zooming keeps a point of the photo where it was (the centre, or where it was clicked).
  const viewport = useRef<HTMLDivElement>(null);
  const focus = useRef<{ x: number; y: number; atX: number; atY: number }>(undefined);
  const zoomTo = (next: number, at?: { clientX: number; clientY: number }) => {
    const view = viewport.current;
    const clamped = Math.max(0, Math.min(next, ZOOM_STEPS.length - 1));
    if (view) {
      const box = view.getBoundingClientRect();
      const atX = at ? at.clientX - box.left : view.clientWidth / 2;
      const atY = at ? at.clientY - box.top : view.clientHeight / 2;
      focus.current = {
        x: (view.scrollLeft + atX) / (view.scrollWidth || 1),
        y: (view.scrollTop + atY) / (view.scrollHeight || 1),
        atX,
        atY,
      };
    }
    setStep(clamped);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the scale has changed
  useLayoutEffect(() => {
    const view = viewport.current;
    const point = focus.current;
    if (!view || !point) return;
    view.scrollLeft = point.x * view.scrollWidth - point.atX;
    view.scrollTop = point.y * view.scrollHeight - point.atY;
    focus.current = undefined;
  }, [step]);
  const go = (to: number) => {
    if (to < 0 || to >= photos.length) return;
    setIndex(to);
    setStep(0);
  };
  const onKeyDown = (event: React.KeyboardEvent) => {
    const key = event.key;
    if (key === 'ArrowRight') go(index + 1);
    else if (key === 'ArrowLeft') go(index - 1);
    else if (key === '+' || key === '=') zoomTo(step + 1);
    else if (key === '-') zoomTo(step - 1);
    else if (key === '0') zoomTo(0);
    else return;
    event.preventDefault();
    event.stopPropagation();
  };
  return (
    <Dialog
      open={target !== undefined}
      onClose={onClose}
      fullScreen
      aria-labelledby="zoom-title"
      onKeyDown={onKeyDown}
    >
      <Stack direction="row" sx={{ alignItems: 'center', p: 1, gap: 0.5, flexWrap: 'wrap' }}>
        <Typography
          id="zoom-title"
          noWrap
          // On a phone the name takes its own line above the controls.
          sx={{ flex: { xs: '1 0 100%', sm: 1 }, minWidth: 0, pl: 1 }}
        >
          {file?.name}
        </Typography>
        {photos.length > 1 && (
          <>
            <IconButton
              onClick={() => go(index - 1)}
              disabled={index === 0}
              aria-label={translate('audit.zoom_previous')}
            >
              <ChevronLeftIcon />
            </IconButton>
            <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
              {translate('audit.zoom_position', { position: index + 1, count: photos.length })}
            </Typography>
            <IconButton
              onClick={() => go(index + 1)}
              disabled={index === photos.length - 1}
              aria-label={translate('audit.zoom_next')}
            >
              <ChevronRightIcon />
            </IconButton>
          </>
        )}
        <IconButton
          onClick={() => zoomTo(step - 1)}
          disabled={step === 0}
          aria-label={translate('audit.zoom_out')}
        >
          <ZoomOutIcon />
        </IconButton>
        <IconButton
          onClick={() => zoomTo(step + 1)}
          disabled={step === ZOOM_STEPS.length - 1}
          aria-label={translate('audit.zoom_in')}
        >
          <ZoomInIcon />
        </IconButton>
        <IconButton onClick={() => zoomTo(0)} disabled={step === 0} aria-label={translate('audit.zoom_fit')}>
          <FitScreenIcon />
        </IconButton>
        <IconButton onClick={onClose} aria-label={translate('ra.action.close')}>
          <CloseIcon />
        </IconButton>
      </Stack>
      <Box
        ref={viewport}
        data-testid="zoom-viewport"
        sx={{ flex: 1, minHeight: 0, overflow: 'auto', bgcolor: 'grey.900', display: 'flex' }}
      >
        {file && (
          <Box
            onClick={(event) => zoomTo(step === 0 ? 2 : 0, event)}
            sx={{
              // Fitted: the viewport's size. Enlarged: a multiple of it, scrolled to look around.
              width: `${scale * 100}%`,
              height: `${scale * 100}%`,
              flex: '0 0 auto',
              m: 'auto',
              p: 1,
              cursor: step === 0 ? 'zoom-in' : 'zoom-out',
            }}
          >
            <EvidencePhoto hash={file.hash} alt={file.name} height="100%" fit="contain" variant="full" />
          </Box>
        )}
      </Box>
    </Dialog>
  );
}

/** Another line of the queue that still has work waiting, offered once this one has none. */
export interface NextLine {
  name: string;
  open: () => void;
}

/**
 * One submission for a decision: the instructions beside the evidence. ← / → (or K / J) move
 * through the list; A approves and R opens the rejection. After a decision the next waiting
 * submission of the same list (the same task, or the same store) opens; when none is left the
 * dialog says so and offers the next line of the queue, never another task's work unasked.
 * A and R act only on the submission on screen, once it has loaded.
 */
export function SubmissionDialog({
  id,
  order,
  waiting,
  lineOf,
  nextLine,
  onNavigate,
  onClose,
}: {
  id: number | undefined;
  /** The ids of the list the dialog was opened from, in its order. */
  order: readonly number[];
  /** Those of them that wait for a decision, as the list last showed. */
  waiting: readonly number[];
  /** The task or store the list belongs to, as a submission of it names it. */
  lineOf: (detail: AuditSubmissionDetail) => string;
  nextLine: NextLine | undefined;
  onNavigate: (id: number) => void;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const isMobile = useIsMobile();
  const { data: loaded, error, isPending, refetch } = useAuditSubmission(id);
  const { approve, reject } = useReview();
  const [rejecting, setRejecting] = useState(false);
  const [zoomed, setZoomed] = useState<ZoomTarget>();
  /** Decided here since the dialog opened: the list may not have caught up with them yet. */
  const [decided, setDecided] = useState<ReadonlySet<number>>(new Set());
  /** The last decision left nothing waiting in this list. */
  const [finished, setFinished] = useState(false);
  // Nothing more waits: the decision's buttons are gone, so the focus goes to what comes next
  // (the next line or Close) rather than being lost to the page, where Escape no longer closes.
  const endActions = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (finished) endActions.current?.querySelector('button')?.focus();
  }, [finished]);
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
        notify('audit.approved', { type: 'success', messageArgs: { smart_count: 1 } });
        afterDecision(decidedId);
      },
      onError: (e) => notify(e.message, { type: 'error' }),
    });
  };
  const doReject = (reason: string, attachment: string | undefined) => {
    if (!data || !canReview) return;
    const decidedId = data.submission.id;
    reject.mutate(
      { id: decidedId, reason, attachment },
      {
        onSuccess: () => {
          setRejecting(false);
          notify('audit.rejected', { type: 'info' });
          afterDecision(decidedId);
        },
      },
    );
  };

  useEffect(() => {
    if (id === undefined || rejecting || zoomed) return;
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target && ['INPUT', 'TEXTAREA'].includes(target.tagName)) return;
      if (event.metaKey || event.ctrlKey || event.altKey) return;
      const key = event.key.toLowerCase();
      if ((key === 'arrowright' || key === 'j') && next !== undefined) navigate(next);
      else if ((key === 'arrowleft' || key === 'k') && previous !== undefined) navigate(previous);
      else if (key === 'a' && canReview && !approve.isPending) doApprove();
      else if (key === 'r' && canReview) setRejecting(true);
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const photos =
    data?.history.find((h) => h.id === data.submission.id)?.attachments.filter((f) => f.kind === 'photo') ??
    [];
  const rejectError = reject.error instanceof Error ? reject.error.message : undefined;

  return (
    <Dialog
      open={id !== undefined}
      onClose={onClose}
      fullScreen={isMobile}
      fullWidth
      maxWidth="lg"
      aria-labelledby="submission-title"
    >
      <Stack direction="row" sx={{ alignItems: 'flex-start', gap: 1, px: { xs: 1.5, sm: 3 }, pt: 2, pb: 1 }}>
        {isMobile && (
          <IconButton onClick={onClose} aria-label={translate('ra.action.close')} edge="start">
            <CloseIcon />
          </IconButton>
        )}
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
        {!isMobile && (
          <IconButton onClick={onClose} aria-label={translate('ra.action.close')}>
            <CloseIcon />
          </IconButton>
        )}
      </Stack>
      <Divider />
      <DialogContent sx={{ px: { xs: 1.5, sm: 3 } }}>
        {finished && (
          <Alert severity="success" role="status" sx={{ mb: 2 }}>
            {translate('audit.nothing_more_waiting', { name: data ? lineOf(data) : '' })}
            {/* Below the sentence, not beside it: a phone has no room for both on one line. */}
            <Stack ref={endActions} direction="row" sx={{ gap: 1, mt: 1, flexWrap: 'wrap' }}>
              {nextLine && (
                <Button variant="outlined" color="inherit" size="small" onClick={nextLine.open}>
                  {translate('audit.next_line', { name: nextLine.name })}
                </Button>
              )}
              <Button color="inherit" size="small" onClick={onClose}>
                {translate('ra.action.close')}
              </Button>
            </Stack>
          </Alert>
        )}
        {(isPending || !data) && id !== undefined && error == null && <LinearProgress />}
        {error != null && <LoadFailure error={error} onRetry={() => refetch()} />}
        {data && <Body detail={data} onZoom={setZoomed} />}
      </DialogContent>
      <Divider />
      <DialogActions sx={{ px: { xs: 1.5, sm: 3 }, py: 1.5, gap: 1, flexWrap: 'wrap' }}>
        {data && !canReview && data.review_blocked && id !== undefined && !decided.has(id) && (
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
              disabled={approve.isPending}
            >
              {translate('audit.approve')}
            </Button>
          </>
        )}
      </DialogActions>
      {rejecting && (
        <RejectDialog
          open
          photos={photos}
          pending={reject.isPending}
          error={rejectError}
          onCancel={() => {
            reject.reset();
            setRejecting(false);
          }}
          onReject={doReject}
        />
      )}
      <Zoom target={zoomed} onClose={() => setZoomed(undefined)} />
    </Dialog>
  );
}
