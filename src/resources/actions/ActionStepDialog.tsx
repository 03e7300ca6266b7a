import Alert from '@mui/material/Alert';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { FormDialog } from '../../components/FormDialog';
import { ActionPhotoPicker } from './ActionPhotoPicker';

/** What a step asks for: a reason, a comment or a photo, or nothing. */
export type StepNeeds = 'comment' | 'comment_or_photo' | 'nothing';

export interface StepDialogProps {
  open: boolean;
  title: string;
  submitLabel: string;
  commentLabel: string;
  needs: StepNeeds;
  /** The i18n key saying what is missing. */
  needsText?: string;
  /** Whether photos may go with it. */
  photos?: boolean;
  /** Alternative text of its photos. */
  photoLabel: string;
  onClose: () => void;
  run: (comment: string, photos: string[]) => Promise<unknown>;
}

/**
 * A step of an action's work that says something: done (what was done, in words or photos),
 * cannot fix and reopen (why), close (optionally). It stays open with the server's words when
 * the step is refused.
 */
export function ActionStepDialog({
  open,
  title,
  submitLabel,
  commentLabel,
  needs,
  needsText,
  photos: withPhotos,
  photoLabel,
  onClose,
  run,
}: StepDialogProps) {
  const translate = useTranslate();
  const [comment, setComment] = useState('');
  const [photos, setPhotos] = useState<string[]>([]);
  const [tried, setTried] = useState(false);
  const step = useMutation({ mutationFn: () => run(comment.trim(), photos), onSuccess: onClose });
  const missing =
    (needs === 'comment' && comment.trim() === '') ||
    (needs === 'comment_or_photo' && comment.trim() === '' && photos.length === 0);
  const submit = () => {
    setTried(true);
    if (!missing) step.mutate();
  };
  const showMissing = tried && missing;
  return (
    <FormDialog
      open={open}
      title={title}
      submitLabel={submitLabel}
      busy={step.isPending}
      onClose={onClose}
      onSubmit={submit}
    >
      <TextField
        label={commentLabel}
        value={comment}
        onChange={(event) => setComment(event.target.value)}
        required={needs === 'comment'}
        error={showMissing}
        helperText={showMissing && needs === 'comment' && needsText ? translate(needsText) : undefined}
        multiline
        minRows={3}
        autoFocus
        slotProps={{ htmlInput: { maxLength: 2000 } }}
      />
      {withPhotos && <ActionPhotoPicker photos={photos} onChange={setPhotos} label={photoLabel} />}
      {showMissing && needs === 'comment_or_photo' && needsText && (
        <Alert severity="warning" role="alert">
          {translate(needsText)}
        </Alert>
      )}
      {step.error && (
        <Alert severity="error" role="alert">
          {step.error.message}
        </Alert>
      )}
    </FormDialog>
  );
}
