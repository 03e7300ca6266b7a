import SendIcon from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import type { Action } from '../../../contract/api/actions';
import { ActionPhotoPicker } from './ActionPhotoPicker';
import { actionApi } from './actionApi';

/** A comment on the action, with photos if need be; it joins the history once sent. */
export function ActionCommentBox({ action, onChanged }: { action: Action; onChanged: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [comment, setComment] = useState('');
  const [photos, setPhotos] = useState<string[]>([]);
  const send = useMutation({
    mutationFn: () =>
      actionApi.comment({ id: action.id, comment: comment.trim(), ...(photos.length > 0 ? { photos } : {}) }),
    onSuccess: () => {
      setComment('');
      setPhotos([]);
      notify('actions.notify.commented', { type: 'success' });
      onChanged();
    },
  });
  const empty = comment.trim() === '' && photos.length === 0;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!empty) send.mutate();
  };
  return (
    <Stack component="form" spacing={1.5} onSubmit={submit} noValidate>
      <TextField
        label={translate('actions.comment.label')}
        value={comment}
        onChange={(event) => setComment(event.target.value)}
        multiline
        minRows={2}
        fullWidth
        slotProps={{ htmlInput: { maxLength: 2000 } }}
      />
      <ActionPhotoPicker photos={photos} onChange={setPhotos} label={action.title} />
      {send.error && (
        <Alert severity="error" role="alert">
          {send.error.message}
        </Alert>
      )}
      <Button
        type="submit"
        variant="contained"
        startIcon={<SendIcon />}
        disabled={empty || send.isPending}
        sx={{ alignSelf: 'flex-start', minHeight: 44 }}
      >
        {translate('actions.comment.send')}
      </Button>
    </Stack>
  );
}
