import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { maxValue, minValue, NumberInput, useInput, useTranslate, ValidationError } from 'react-admin';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { maxScoreOf } from '../../../../contract/formMaxScore';
import { FORM_LIMITS, questionsOf, type Section } from '../../../../contract/forms';
import { FormFigures } from '../FormFigures';
import { blankSection, canTrigger, definitionOf, moved, removed, replaced } from './definitionEdits';
import { formProblems } from './formProblems';
import { SectionCard } from './SectionCard';
import type { Trigger } from './ShowIfInput';

const SECTIONS = 'definition.sections';
const PASS_MARK = 'definition.pass_mark';

/** Refuses to save while the form has problems: the builder lists them where the author reads them. */
const soundDefinition = (sections: Section[] | undefined, values: Record<string, unknown>) => {
  const passMark = (values.definition as { pass_mark?: unknown } | undefined)?.pass_mark;
  return formProblems(definitionOf(sections ?? [], passMark)).length > 0
    ? 'form_templates.validation.problems'
    : undefined;
};

/** The server's sentences about the definition (its 400 puts them under `definition`, one field each). */
function serverMessages(errors: unknown): string[] {
  if (!errors || typeof errors !== 'object') return [];
  const found: string[] = [];
  const visit = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    const { message, type } = node as { message?: unknown; type?: unknown };
    if (type === 'server' && typeof message === 'string' && message) found.push(message);
    for (const [key, child] of Object.entries(node)) if (key !== 'ref') visit(child);
  };
  visit(errors);
  return [...new Set(found)];
}

/**
 * The template builder's content (issue 48): the pass mark, the sections and their questions, with
 * the question count and highest score as they will be saved, and what stops saving, live.
 */
export function DefinitionBuilder() {
  const translate = useTranslate();
  const { clearErrors } = useFormContext();
  const { errors } = useFormState({ name: 'definition' });
  const passMark = useWatch({ name: PASS_MARK }) as unknown;
  const { field, fieldState } = useInput<Section[]>({
    source: SECTIONS,
    validate: soundDefinition,
    defaultValue: [],
  });
  const sections: Section[] = field.value ?? [];
  const definition = definitionOf(sections, passMark);
  const problems = formProblems(definition);
  const fromServer = serverMessages(errors.definition);
  const count = questionsOf(definition).length;
  const change = (next: Section[]) => {
    clearErrors('definition');
    field.onChange(next);
  };

  let number = 1;
  const firstNumbers = sections.map((s) => {
    const first = number;
    number += s.questions.length;
    return first;
  });
  const triggers: Trigger[] = questionsOf(definition)
    .map(({ question }, i) => ({ question, number: i + 1 }))
    .filter((t) => canTrigger(t.question));

  return (
    <Stack spacing={2} sx={{ width: '100%', maxWidth: 960 }}>
      <NumberInput
        source={PASS_MARK}
        label="form_templates.fields.pass_mark"
        helperText="form_templates.helpers.pass_mark"
        validate={[minValue(0), maxValue(100)]}
        min={0}
        max={100}
        sx={{ maxWidth: 280 }}
      />
      <FormFigures questions={count} maxScore={maxScoreOf(definition)} passMark={definition.pass_mark} />
      {sections.map((section, i) => (
        <SectionCard
          key={section.id}
          section={section}
          index={i}
          first={i === 0}
          last={i === sections.length - 1}
          firstNumber={firstNumbers[i]!}
          triggers={triggers}
          full={count >= FORM_LIMITS.questions}
          onChange={(s) => change(replaced(sections, i, s))}
          onMove={(by) => change(moved(sections, i, by))}
          onRemove={() => change(removed(sections, i))}
        />
      ))}
      <div>
        <Button
          startIcon={<AddIcon />}
          variant="outlined"
          disabled={sections.length >= FORM_LIMITS.sections}
          onClick={() => change([...sections, blankSection()])}
        >
          {translate('form_templates.actions.add_section')}
        </Button>
      </div>
      {(problems.length > 0 || fromServer.length > 0) && (
        <Alert
          severity={fieldState.error || fromServer.length > 0 ? 'error' : 'warning'}
          data-testid="form-problems"
        >
          <AlertTitle>{translate('form_templates.problems.title')}</AlertTitle>
          {fieldState.error?.message && (
            <p style={{ marginTop: 0 }}>
              <ValidationError error={fieldState.error.message} />
            </p>
          )}
          <ul style={{ margin: 0, paddingLeft: 20 }}>
            {problems.map((p) => (
              <li key={`${p.key}:${JSON.stringify(p.args)}`}>{translate(p.key, p.args)}</li>
            ))}
            {fromServer.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        </Alert>
      )}
    </Stack>
  );
}
