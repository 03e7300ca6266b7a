import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslate } from 'react-admin';
import type { Question } from '../../../../contract/forms';

/** A question above this one that can decide whether it shows, with its number in the form. */
export interface Trigger {
  question: Question;
  number: number;
}

/** The answers of a trigger a rule can name: yes/no (and N/A where allowed), or a choice's options. */
function answersOf(trigger: Question, translate: (key: string) => string): { id: string; label: string }[] {
  if (trigger.kind === 'choice')
    return (trigger.options ?? []).map((o) => ({ id: o.id, label: o.label || o.id }));
  const answers = ['yes', 'no', ...(trigger.allow_na ? ['na'] : [])];
  return answers.map((a) => ({ id: a, label: translate(`form_templates.answers.${a}`) }));
}

const NONE = '';

/** "Show only when <an earlier yes/no or choice question> is <one of these answers>". */
export function ShowIfInput({
  question,
  triggers,
  onChange,
}: {
  question: Question;
  triggers: readonly Trigger[];
  onChange: (question: Question) => void;
}) {
  const translate = useTranslate();
  const rule = question.show_if;
  const trigger = triggers.find((t) => t.question.id === rule?.question_id);
  const promptOf = (t: Trigger) =>
    translate('form_templates.logic.trigger', { n: t.number, prompt: t.question.prompt || '…' });
  const setAnswers = (answers: string[]) => rule && onChange({ ...question, show_if: { ...rule, answers } });
  return (
    <Stack spacing={1}>
      <TextField
        select
        size="small"
        label={translate('form_templates.logic.show_when')}
        value={rule ? rule.question_id : NONE}
        onChange={(event) => {
          const id = event.target.value;
          const { show_if: _, ...rest } = question;
          onChange(id === NONE ? rest : { ...rest, show_if: { question_id: id, answers: [] } });
        }}
        // The chosen question's wording wraps instead of widening the form past a phone's width.
        sx={{ maxWidth: 480, '& .MuiSelect-select.MuiSelect-select': { whiteSpace: 'normal' } }}
      >
        <MenuItem value={NONE}>{translate('form_templates.logic.always')}</MenuItem>
        {/* A rule pointing at a question no longer above keeps its place here: definitionProblems names it. */}
        {rule && !trigger && <MenuItem value={rule.question_id}>{rule.question_id}</MenuItem>}
        {triggers.map((t) => (
          <MenuItem key={t.question.id} value={t.question.id}>
            {promptOf(t)}
          </MenuItem>
        ))}
      </TextField>
      {rule && trigger && (
        <FormGroup row role="group" aria-label={translate('form_templates.logic.answers')}>
          {answersOf(trigger.question, translate).map((answer) => (
            <FormControlLabel
              key={answer.id}
              control={
                <Checkbox
                  checked={rule.answers.includes(answer.id)}
                  onChange={(_, on) =>
                    setAnswers(
                      on ? [...rule.answers, answer.id] : rule.answers.filter((a) => a !== answer.id),
                    )
                  }
                />
              }
              label={answer.label}
            />
          ))}
        </FormGroup>
      )}
    </Stack>
  );
}
