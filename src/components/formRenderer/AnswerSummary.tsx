import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { Answer, Question } from '../../../contract/forms';
import { useDateFormat } from '../../hooks/useDateFormat';
import { answerText } from './answerText';
import { PhotoAnswer } from './PhotoAnswer';
import { SignatureAnswer } from './SignatureAnswer';

/** A question's answer as a finished inspection shows it: words, comment, photos, signature. */
export function AnswerSummary({ question, answer }: { question: Question; answer: Answer | undefined }) {
  const translate = useTranslate();
  const { date } = useDateFormat();
  const text = answerText(question, answer, translate, date);
  const photos = answer?.photos ?? [];
  const nothing =
    !text && photos.length === 0 && !answer?.comment && !(question.kind === 'signature' && answer?.value);
  return (
    <Stack spacing={1}>
      {text && (
        <Typography variant="body1" sx={{ whiteSpace: 'pre-wrap', fontWeight: 500 }}>
          {text}
        </Typography>
      )}
      {nothing && (
        <Typography variant="body2" color="text.secondary">
          {translate('inspections.form.unanswered')}
        </Typography>
      )}
      {question.kind === 'signature' && (
        <SignatureAnswer
          question={question}
          answer={answer}
          onAnswer={() => {}}
          labelId=""
          readOnly
          error={false}
        />
      )}
      {answer?.comment && (
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
          {translate('inspections.form.comment_was', { comment: answer.comment })}
        </Typography>
      )}
      {photos.length > 0 && (
        <PhotoAnswer photos={photos} onChange={() => {}} readOnly label={question.prompt} />
      )}
    </Stack>
  );
}
