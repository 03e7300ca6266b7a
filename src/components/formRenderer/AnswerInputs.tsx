import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import InputAdornment from '@mui/material/InputAdornment';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { FORM_LIMITS } from '../../../contract/forms';
import { DayField } from '../DayField';
import type { AnswerInputProps } from './types';

/** Each choice a whole-width row at least 48 px high: a thumb, not a fingertip, hits it. */
const CHOICE_SX = {
  m: 0,
  minHeight: 48,
  px: 1,
  border: 1,
  borderColor: 'divider',
  borderRadius: 1,
  flex: { xs: '1 1 100%', sm: '0 1 auto' },
  minWidth: { sm: 120 },
} as const;

const GROUP_SX = { display: 'flex', flexWrap: 'wrap', gap: 1 } as const;

/** Yes, No and (where the question allows it) N/A, as one radio group. */
export function YesNoInput({ question, answer, onAnswer, labelId, readOnly }: AnswerInputProps) {
  const translate = useTranslate();
  const choices = question.allow_na ? (['yes', 'no', 'na'] as const) : (['yes', 'no'] as const);
  const value = answer?.na ? 'na' : typeof answer?.value === 'string' ? answer.value : '';
  return (
    <RadioGroup
      aria-labelledby={labelId}
      value={value}
      onChange={(event) => onAnswer({ ...answer, value: event.target.value, na: undefined })}
      sx={{ ...GROUP_SX, flexDirection: 'row' }}
    >
      {choices.map((choice) => (
        <FormControlLabel
          key={choice}
          value={choice}
          disabled={readOnly}
          control={<Radio />}
          label={translate(`inspections.form.${choice}`)}
          sx={{ ...CHOICE_SX, flex: { xs: '1 1 0', sm: '0 1 auto' } }}
        />
      ))}
    </RadioGroup>
  );
}

/** One option (radio buttons) or several (checkboxes). */
export function ChoiceInput({ question, answer, onAnswer, labelId, readOnly }: AnswerInputProps) {
  const options = question.options ?? [];
  const chosen = Array.isArray(answer?.value) ? answer.value : [];
  if (!question.multiple) {
    return (
      <RadioGroup
        aria-labelledby={labelId}
        value={chosen[0] ?? ''}
        onChange={(event) => onAnswer({ ...answer, value: [event.target.value], na: undefined })}
        sx={GROUP_SX}
      >
        {options.map((option) => (
          <FormControlLabel
            key={option.id}
            value={option.id}
            disabled={readOnly}
            control={<Radio />}
            label={option.label}
            sx={CHOICE_SX}
          />
        ))}
      </RadioGroup>
    );
  }
  const toggle = (id: string, on: boolean) => {
    const next = options.map((o) => o.id).filter((o) => (o === id ? on : chosen.includes(o)));
    onAnswer({ ...answer, value: next, na: undefined });
  };
  return (
    <FormGroup aria-labelledby={labelId} role="group" sx={GROUP_SX}>
      {options.map((option) => (
        <FormControlLabel
          key={option.id}
          disabled={readOnly}
          control={
            <Checkbox
              checked={chosen.includes(option.id)}
              onChange={(event) => toggle(option.id, event.target.checked)}
            />
          }
          label={option.label}
          sx={CHOICE_SX}
        />
      ))}
    </FormGroup>
  );
}

const shownNumber = (value: unknown) => (typeof value === 'number' ? String(value) : '');

/**
 * A number with its unit and, where the question has one, the acceptable range. What is typed is
 * kept as typed ("1." on the way to "1.5"); the answer carries the number once it is one.
 */
export function NumberInput({ question, answer, onAnswer, labelId, readOnly, error }: AnswerInputProps) {
  const translate = useTranslate();
  const [text, setText] = useState(shownNumber(answer?.value));
  useEffect(() => {
    setText((current) => (Number(current) === answer?.value ? current : shownNumber(answer?.value)));
  }, [answer?.value]);
  const { min, max, unit } = question;
  const range =
    min !== undefined && max !== undefined
      ? translate('inspections.form.range_between', { min, max })
      : min !== undefined
        ? translate('inspections.form.range_min', { min })
        : max !== undefined
          ? translate('inspections.form.range_max', { max })
          : undefined;
  return (
    <TextField
      margin="none"
      type="number"
      value={text}
      disabled={readOnly}
      error={error}
      helperText={range}
      onChange={(event) => {
        setText(event.target.value);
        const n = event.target.value.trim() === '' ? null : Number(event.target.value);
        onAnswer({ ...answer, value: n !== null && Number.isFinite(n) ? n : null, na: undefined });
      }}
      slotProps={{
        htmlInput: { 'aria-labelledby': labelId, inputMode: 'decimal', step: 'any' },
        input: unit ? { endAdornment: <InputAdornment position="end">{unit}</InputAdornment> } : undefined,
      }}
      sx={{ width: { xs: '100%', sm: 240 } }}
    />
  );
}

export function TextAnswerInput({ answer, onAnswer, labelId, readOnly, error }: AnswerInputProps) {
  return (
    <TextField
      margin="none"
      multiline
      minRows={2}
      fullWidth
      value={typeof answer?.value === 'string' ? answer.value : ''}
      disabled={readOnly}
      error={error}
      onChange={(event) => onAnswer({ ...answer, value: event.target.value, na: undefined })}
      slotProps={{ htmlInput: { 'aria-labelledby': labelId, maxLength: FORM_LIMITS.textAnswerLength } }}
    />
  );
}

export function DateAnswerInput({ question, answer, onAnswer, readOnly, error }: AnswerInputProps) {
  return (
    <DayField
      label={question.prompt}
      value={typeof answer?.value === 'string' ? answer.value : ''}
      onChange={(day) => onAnswer({ ...answer, value: day || null, na: undefined })}
      disabled={readOnly}
      error={error}
      clearable
      margin="none"
      sx={{ width: { xs: '100%', sm: 240 } }}
    />
  );
}

/** N/A for the kinds other than yes/no (which offer it among their answers). */
export function NotApplicable({
  answer,
  onAnswer,
  readOnly,
}: Pick<AnswerInputProps, 'answer' | 'onAnswer' | 'readOnly'>) {
  const translate = useTranslate();
  return (
    <FormControlLabel
      disabled={readOnly}
      control={
        <Checkbox
          checked={answer?.na === true}
          onChange={(event) => onAnswer(event.target.checked ? { na: true } : { ...answer, na: undefined })}
        />
      }
      label={translate('inspections.form.not_applicable')}
      sx={{ minHeight: 48 }}
    />
  );
}
