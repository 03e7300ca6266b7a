import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ComponentType, ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { type Answer, fails, type Question } from '../../../contract/forms';
import { StateChip } from '../StateChip';
import {
  ChoiceInput,
  DateAnswerInput,
  NotApplicable,
  NumberInput,
  TextAnswerInput,
  YesNoInput,
} from './AnswerInputs';
import { AnswerSummary } from './AnswerSummary';
import { FailFollowUp } from './FailFollowUp';
import { PhotoAnswer } from './PhotoAnswer';
import { SignatureAnswer } from './SignatureAnswer';
import type { AnswerInputProps, Upload } from './types';

function PhotoInput({ question, answer, onAnswer, upload }: AnswerInputProps) {
  return (
    <PhotoAnswer
      photos={answer?.photos ?? []}
      onChange={(photos) => onAnswer({ ...answer, photos, na: undefined })}
      upload={upload}
      label={question.prompt}
    />
  );
}

const INPUTS: Record<Question['kind'], ComponentType<AnswerInputProps>> = {
  yes_no: YesNoInput,
  choice: ChoiceInput,
  number: NumberInput,
  text: TextAnswerInput,
  date: DateAnswerInput,
  photo: PhotoInput,
  signature: SignatureAnswer,
};

/** The DOM id of a question's block, which the runner scrolls to and focuses. */
export const questionElementId = (questionId: string) => `question-${questionId}`;

/**
 * One question: its prompt as the legend of a group (screen readers say it with each choice),
 * help, the input of its kind, N/A where allowed, what a failing answer asks for, and its error.
 * The block takes focus when the runner points at it (an unanswered question on Finish).
 */
export function QuestionField({
  question,
  answer,
  onAnswer,
  readOnly,
  error,
  upload,
  aside,
}: {
  question: Question;
  answer: Answer | undefined;
  onAnswer: (answer: Answer) => void;
  readOnly: boolean;
  error?: string;
  upload?: Upload;
  aside?: ReactNode;
}) {
  const translate = useTranslate();
  const id = questionElementId(question.id);
  const labelId = `${id}-prompt`;
  const helpId = `${id}-help`;
  const errorId = `${id}-error`;
  const failing = fails(question, answer);
  const na = answer?.na === true && question.kind !== 'yes_no';
  const Input = INPUTS[question.kind];
  const props: AnswerInputProps = { question, answer, onAnswer, labelId, readOnly, error: !!error, upload };
  const describedBy = [question.help ? helpId : '', error ? errorId : ''].filter(Boolean).join(' ');
  return (
    <Box
      component="fieldset"
      id={id}
      tabIndex={-1}
      aria-describedby={describedBy || undefined}
      aria-invalid={error ? true : undefined}
      data-testid="question"
      sx={{
        m: 0,
        p: { xs: 1.5, sm: 2 },
        border: 1,
        borderColor: error ? 'error.main' : 'divider',
        borderRadius: 1,
        minWidth: 0,
        scrollMarginTop: 120,
        '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' },
      }}
    >
      <Typography
        component="legend"
        id={labelId}
        variant="subtitle1"
        sx={{ p: 0, float: 'left', width: '100%', mb: 1 }}
      >
        {question.prompt}
        {question.required && !readOnly && (
          <>
            <Box component="span" aria-hidden sx={{ color: 'error.main', ml: 0.5 }}>
              *
            </Box>
            <Box component="span" sx={visuallyHidden}>
              {translate('inspections.form.required')}
            </Box>
          </>
        )}
      </Typography>
      {((readOnly && failing) || aside) && (
        <Stack direction="row" sx={{ gap: 1, alignItems: 'center', clear: 'both', mb: 1 }}>
          {readOnly && failing && <StateChip label="inspections.failed_chip" color="error" />}
          {aside}
        </Stack>
      )}
      <Stack spacing={1.5} sx={{ clear: 'both' }}>
        {question.help && (
          <Typography id={helpId} variant="body2" color="text.secondary">
            {question.help}
          </Typography>
        )}
        {readOnly ? (
          <AnswerSummary question={question} answer={answer} />
        ) : (
          <>
            {!na && <Input {...props} />}
            {question.allow_na && question.kind !== 'yes_no' && <NotApplicable {...props} />}
            {failing && <FailFollowUp {...props} />}
          </>
        )}
        {error && (
          <FormHelperText id={errorId} error>
            {error}
          </FormHelperText>
        )}
      </Stack>
    </Box>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
