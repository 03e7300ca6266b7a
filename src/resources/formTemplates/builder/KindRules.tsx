import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useTranslate } from 'react-admin';
import { FORM_LIMITS, type Question } from '../../../../contract/forms';
import { blankOption, removed, replaced } from './definitionEdits';
import { OptionalNumber } from './NumberField';

interface RulesProps {
  question: Question;
  /** "Question 3", for the labels of controls repeated in every option. */
  name: string;
  onChange: (question: Question) => void;
}

/** A yes/no question's failing answers: usually "no", sometimes "yes" ("Did you see pests?"). */
function YesNoRules({ question, onChange }: RulesProps) {
  const translate = useTranslate();
  const failing = question.failing ?? [];
  const toggle = (answer: 'yes' | 'no', on: boolean) =>
    onChange({
      ...question,
      failing: on ? [...failing.filter((a) => a !== answer), answer] : failing.filter((a) => a !== answer),
    });
  return (
    <FormGroup row role="group" aria-label={translate('form_templates.fields.failing')}>
      <FormLabel component="span" sx={{ mr: 2, alignSelf: 'center' }}>
        {translate('form_templates.fields.failing')}
      </FormLabel>
      {(['yes', 'no'] as const).map((answer) => (
        <FormControlLabel
          key={answer}
          control={<Checkbox checked={failing.includes(answer)} onChange={(_, on) => toggle(answer, on)} />}
          label={translate(`form_templates.answers.${answer}`)}
        />
      ))}
    </FormGroup>
  );
}

/** A choice's options, each with whether choosing it fails the question, and whether several may be chosen. */
function ChoiceRules({ question, name, onChange }: RulesProps) {
  const translate = useTranslate();
  const options = question.options ?? [];
  const setOptions = (next: typeof options) => onChange({ ...question, options: next });
  return (
    <Stack spacing={1}>
      <FormControlLabel
        control={
          <Switch
            checked={question.multiple === true}
            onChange={(_, on) => onChange({ ...question, multiple: on })}
          />
        }
        label={translate('form_templates.fields.multiple')}
      />
      {options.map((option, i) => (
        <Stack
          key={option.id}
          direction="row"
          spacing={1}
          sx={{ alignItems: 'center', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}
          useFlexGap
        >
          <TextField
            size="small"
            label={translate('form_templates.fields.option', { n: i + 1 })}
            value={option.label}
            required
            onChange={(event) => setOptions(replaced(options, i, { ...option, label: event.target.value }))}
            slotProps={{ htmlInput: { maxLength: 200 } }}
            sx={{ flex: 1, minWidth: 180 }}
          />
          <FormControlLabel
            control={
              <Checkbox
                checked={option.fails}
                onChange={(_, fails) => setOptions(replaced(options, i, { ...option, fails }))}
              />
            }
            label={translate('form_templates.fields.option_fails')}
          />
          <IconButton
            aria-label={translate('form_templates.actions.remove_option', { n: i + 1, question: name })}
            onClick={() => setOptions(removed(options, i))}
          >
            <DeleteOutlineIcon />
          </IconButton>
        </Stack>
      ))}
      <div>
        <Button
          startIcon={<AddIcon />}
          size="small"
          disabled={options.length >= FORM_LIMITS.options}
          onClick={() => setOptions([...options, blankOption()])}
        >
          {translate('form_templates.actions.add_option')}
        </Button>
      </div>
    </Stack>
  );
}

/** A number's acceptable range (outside it fails) and its unit. */
function NumberRules({ question, onChange }: RulesProps) {
  const translate = useTranslate();
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap>
      <OptionalNumber
        label="form_templates.fields.min"
        value={question.min}
        onChange={(min) => onChange({ ...question, min })}
      />
      <OptionalNumber
        label="form_templates.fields.max"
        value={question.max}
        onChange={(max) => onChange({ ...question, max })}
      />
      <TextField
        size="small"
        label={translate('form_templates.fields.unit')}
        value={question.unit ?? ''}
        onChange={(event) => onChange({ ...question, unit: event.target.value })}
        slotProps={{ htmlInput: { maxLength: 20 } }}
        sx={{ width: { xs: '100%', sm: 120 } }}
      />
    </Stack>
  );
}

function PhotoRules({ question, onChange }: RulesProps) {
  return (
    <OptionalNumber
      label="form_templates.fields.min_photos"
      value={question.min_photos}
      min={0}
      max={FORM_LIMITS.maxPhotos}
      integer
      onChange={(n) => onChange({ ...question, min_photos: n === undefined ? undefined : Math.round(n) })}
    />
  );
}

/** What a question's kind asks of its author beyond the prompt (text, date and signature ask nothing). */
export function KindRules(props: RulesProps) {
  switch (props.question.kind) {
    case 'yes_no':
      return <YesNoRules {...props} />;
    case 'choice':
      return <ChoiceRules {...props} />;
    case 'number':
      return <NumberRules {...props} />;
    case 'photo':
      return <PhotoRules {...props} />;
    default:
      return null;
  }
}
