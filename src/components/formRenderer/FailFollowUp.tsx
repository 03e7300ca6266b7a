import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { FORM_LIMITS } from '../../../contract/forms';
import { PhotoAnswer } from './PhotoAnswer';
import type { AnswerInputProps } from './types';

/**
 * What a failing answer asks for besides itself: a comment (always offered, required where the
 * question says so) and, where the question wants one, a photo of the problem.
 */
export function FailFollowUp({ question, answer, onAnswer, upload }: AnswerInputProps) {
  const translate = useTranslate();
  const photos = answer?.photos ?? [];
  return (
    <Stack spacing={1.5} sx={{ pl: 1.5, borderLeft: 3, borderColor: 'error.main' }}>
      <Typography variant="body2" color="error">
        {translate('inspections.form.failing')}
      </Typography>
      <TextField
        margin="none"
        multiline
        minRows={2}
        fullWidth
        required={question.comment_on_fail === true}
        label={translate(
          question.comment_on_fail ? 'inspections.form.comment_required' : 'inspections.form.comment',
        )}
        value={answer?.comment ?? ''}
        onChange={(event) => onAnswer({ ...answer, comment: event.target.value })}
        slotProps={{ htmlInput: { maxLength: FORM_LIMITS.commentLength } }}
      />
      {question.photo_on_fail && question.kind !== 'photo' && (
        <Stack spacing={0.5}>
          <Typography variant="body2">{translate('inspections.form.photo_required')}</Typography>
          <PhotoAnswer
            photos={photos}
            onChange={(next) => onAnswer({ ...answer, photos: next })}
            upload={upload}
            label={question.prompt}
          />
        </Stack>
      )}
    </Stack>
  );
}
