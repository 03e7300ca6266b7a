import BlockIcon from '@mui/icons-material/Block';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import LockIcon from '@mui/icons-material/Lock';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import ReplayIcon from '@mui/icons-material/Replay';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useMutation } from '@tanstack/react-query';
import { type ReactElement, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import type { Action } from '../../../contract/api/actions';
import { ActionStepDialog, type StepNeeds } from './ActionStepDialog';
import { actionApi } from './actionApi';

type Step = 'done' | 'cannot_fix' | 'close' | 'reopen';

interface StepWords {
  icon: ReactElement;
  /** The button's words, under actions.work. */
  label: string;
  title: string;
  comment: string;
  needs: StepNeeds;
  needsText?: string;
  photos?: boolean;
  /** The confirmation, under actions.notify. */
  done: string;
}

const STEPS: Record<Step, StepWords> = {
  done: {
    icon: <CheckCircleIcon />,
    label: 'done',
    title: 'done_title',
    comment: 'done_comment',
    needs: 'comment_or_photo',
    needsText: 'actions.work.done_needs',
    photos: true,
    done: 'done',
  },
  cannot_fix: {
    icon: <BlockIcon />,
    label: 'cannot_fix',
    title: 'cannot_fix_title',
    comment: 'reason',
    needs: 'comment',
    needsText: 'actions.work.reason_required',
    done: 'cannot_fix',
  },
  close: {
    icon: <LockIcon />,
    label: 'close',
    title: 'close_title',
    comment: 'close_comment',
    needs: 'nothing',
    done: 'closed',
  },
  reopen: {
    icon: <ReplayIcon />,
    label: 'reopen',
    title: 'reopen_title',
    comment: 'reopen_reason',
    needs: 'comment',
    needsText: 'actions.work.reopen_required',
    done: 'reopened',
  },
};

/** The steps the caller may take now, from the action's `can` and where it stands. */
function stepsFor(action: Action): { start: boolean; steps: Step[] } {
  const resolved = action.status === 'done' || action.status === 'cannot_fix';
  const closed = action.closed_at !== null;
  const working = action.can.work && !resolved && !closed;
  const steps: Step[] = [];
  if (working) steps.push('done', 'cannot_fix');
  if (action.can.update && resolved && !closed) steps.push('close');
  if (action.can.update && resolved) steps.push('reopen');
  return { start: working && action.status === 'open', steps };
}

/** The call of each step. */
function callFor(step: Step, id: number, comment: string, photos: string[]): Promise<Action> {
  const said = comment === '' ? {} : { comment };
  switch (step) {
    case 'done':
      return actionApi.status({ id, status: 'done', ...said, ...(photos.length > 0 ? { photos } : {}) });
    case 'cannot_fix':
      return actionApi.status({ id, status: 'cannot_fix', comment });
    case 'close':
      return actionApi.close({ id, ...said });
    case 'reopen':
      return actionApi.reopen({ id, comment });
  }
}

/**
 * The action's work, as `can` allows: Start, Mark done (a comment or a photo), Cannot fix (a
 * reason), and for those who may update it, Close once done or cannot fix, or Reopen (a reason).
 * Each step, once the server took it, reloads the action.
 */
export function ActionWorkButtons({ action, onChanged }: { action: Action; onChanged: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [open, setOpen] = useState<Step>();
  const { start, steps } = stepsFor(action);
  const changed = (message: string) => {
    notify(`actions.notify.${message}`, { type: 'success' });
    onChanged();
  };
  const starting = useMutation({
    mutationFn: () => actionApi.status({ id: action.id, status: 'in_progress' }),
    onSuccess: () => changed('in_progress'),
    onError: (error: Error) => notify(error.message, { type: 'error' }),
  });
  if (!start && steps.length === 0) return null;
  const words = open && STEPS[open];
  return (
    <Stack direction="row" useFlexGap sx={{ gap: 1, flexWrap: 'wrap' }} data-testid="action-work">
      {start && (
        <Button
          variant="contained"
          startIcon={<PlayArrowIcon />}
          onClick={() => starting.mutate()}
          disabled={starting.isPending}
          sx={{ minHeight: 44 }}
        >
          {translate('actions.work.start')}
        </Button>
      )}
      {steps.map((step) => (
        <Button
          key={step}
          variant={step === 'done' || step === 'close' ? 'contained' : 'outlined'}
          color={step === 'cannot_fix' ? 'error' : 'primary'}
          startIcon={STEPS[step].icon}
          onClick={() => setOpen(step)}
          sx={{ minHeight: 44 }}
        >
          {translate(`actions.work.${STEPS[step].label}`)}
        </Button>
      ))}
      {open && words && (
        <ActionStepDialog
          open
          title={translate(`actions.work.${words.title}`, { title: action.title })}
          submitLabel={translate(`actions.work.${words.label}`)}
          commentLabel={translate(`actions.work.${words.comment}`)}
          needs={words.needs}
          needsText={words.needsText}
          photos={words.photos}
          photoLabel={action.title}
          onClose={() => setOpen(undefined)}
          run={async (comment, photos) => {
            await callFor(open, action.id, comment, photos);
            changed(words.done);
          }}
        />
      )}
    </Stack>
  );
}
