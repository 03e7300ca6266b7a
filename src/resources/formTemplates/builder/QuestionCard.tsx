import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslate } from 'react-admin';
import { FORM_LIMITS, type Question } from '../../../../contract/forms';
import { isScored } from './definitionEdits';
import { KindRules } from './KindRules';
import { MoveButtons } from './MoveButtons';
import { OptionalNumber } from './NumberField';
import { ShowIfInput, type Trigger } from './ShowIfInput';

/** The words of a question's kind, a choice saying whether one or several answers may be chosen. */
export const kindKey = (question: Question) =>
  question.kind === 'choice'
    ? `form_templates.kinds.${question.multiple ? 'choice_multiple' : 'choice_single'}`
    : `form_templates.kinds.${question.kind}`;

interface QuestionCardProps {
  question: Question;
  /** Its number in the whole form, as problems name it. */
  number: number;
  first: boolean;
  last: boolean;
  /** The yes/no and choice questions above it. */
  triggers: readonly Trigger[];
  onChange: (question: Question) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}

/** One question of the builder: its prompt and help, what it needs, its points, its fail rules and its logic. */
export function QuestionCard({ question, number, triggers, onChange, ...moves }: QuestionCardProps) {
  const translate = useTranslate();
  const headingId = useId();
  const name = translate('form_templates.question_n', { n: number });
  const scored = isScored(question.kind);
  const flag = (
    key: 'required' | 'allow_na' | 'photo_on_fail' | 'comment_on_fail',
    control: 'switch' | 'box',
  ) => {
    const props = {
      checked: question[key] === true,
      onChange: (_: unknown, on: boolean) => onChange({ ...question, [key]: on }),
    };
    return (
      <FormControlLabel
        control={control === 'switch' ? <Switch {...props} /> : <Checkbox {...props} />}
        label={translate(`form_templates.fields.${key}`)}
      />
    );
  };
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
        <Typography id={headingId} variant="subtitle1" component="h3">
          {translate('form_templates.question_heading', { n: number, kind: translate(kindKey(question)) })}
        </Typography>
        <MoveButtons name={name} {...moves} />
      </Stack>
      <Stack spacing={2}>
        <TextField
          size="small"
          label={translate('form_templates.fields.prompt')}
          value={question.prompt}
          required
          multiline
          onChange={(event) => onChange({ ...question, prompt: event.target.value })}
          slotProps={{ htmlInput: { maxLength: FORM_LIMITS.promptLength } }}
        />
        <TextField
          size="small"
          label={translate('form_templates.fields.help')}
          value={question.help ?? ''}
          multiline
          onChange={(event) => onChange({ ...question, help: event.target.value })}
          slotProps={{ htmlInput: { maxLength: FORM_LIMITS.helpLength } }}
        />
        <Stack direction="row" sx={{ flexWrap: 'wrap', alignItems: 'center' }} columnGap={2} useFlexGap>
          {flag('required', 'switch')}
          {flag('allow_na', 'switch')}
          {scored && (
            <OptionalNumber
              label="form_templates.fields.weight"
              value={question.weight}
              min={0}
              max={FORM_LIMITS.maxWeight}
              onChange={(weight) => onChange({ ...question, weight: weight ?? 0 })}
            />
          )}
        </Stack>
        <KindRules question={question} name={name} onChange={onChange} />
        {scored && (
          <Stack direction="row" sx={{ flexWrap: 'wrap' }} columnGap={2} useFlexGap>
            {flag('photo_on_fail', 'box')}
            {flag('comment_on_fail', 'box')}
          </Stack>
        )}
        <ShowIfInput question={question} triggers={triggers} onChange={onChange} />
      </Stack>
    </Paper>
  );
}
