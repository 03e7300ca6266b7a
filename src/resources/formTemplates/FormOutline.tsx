import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { type FormDefinition, type Question, questionsOf } from '../../../contract/forms';
import { isScored } from './builder/definitionEdits';
import { kindKey } from './builder/QuestionCard';

type Translate = ReturnType<typeof useTranslate>;

/** What answering the question asks and what fails it, in a line each. */
function rulesOf(question: Question, translate: Translate): string[] {
  const lines: string[] = [];
  const t = (key: string, args?: Record<string, unknown>) => translate(`form_templates.outline.${key}`, args);
  if (question.kind === 'yes_no' && (question.failing ?? []).length > 0)
    lines.push(
      t('fails_on', {
        answers: (question.failing ?? []).map((a) => translate(`form_templates.answers.${a}`)).join(', '),
      }),
    );
  if (question.kind === 'choice')
    lines.push(
      t('options', {
        options: (question.options ?? [])
          .map((o) => (o.fails ? t('failing_option', { label: o.label }) : o.label))
          .join(', '),
      }),
    );
  if (question.kind === 'number' && (question.min !== undefined || question.max !== undefined))
    lines.push(
      t('range', {
        min: question.min ?? '—',
        max: question.max ?? '—',
        unit: question.unit ?? '',
      }),
    );
  if (question.kind === 'photo') lines.push(t('photos', { smart_count: question.min_photos ?? 1 }));
  if (question.photo_on_fail) lines.push(translate('form_templates.fields.photo_on_fail'));
  if (question.comment_on_fail) lines.push(translate('form_templates.fields.comment_on_fail'));
  return lines;
}

/** "Shown when question 2 is Yes": the rule in the words of the question it names. */
function logicOf(question: Question, definition: FormDefinition, translate: Translate): string | null {
  const rule = question.show_if;
  if (!rule) return null;
  const all = questionsOf(definition).map((q) => q.question);
  const index = all.findIndex((q) => q.id === rule.question_id);
  const target = all[index];
  const answerName = (a: string) =>
    target?.kind === 'choice'
      ? (target.options?.find((o) => o.id === a)?.label ?? a)
      : translate(`form_templates.answers.${a}`);
  return translate('form_templates.outline.shown_when', {
    n: index + 1,
    answers: rule.answers.map(answerName).join(', '),
  });
}

/**
 * A read-only outline of the form as the inspector will meet it: sections in order, each question
 * with its kind, points, what fails it and when it shows.
 */
export function FormOutline({ definition }: { definition: FormDefinition }) {
  const translate = useTranslate();
  let n = 0;
  return (
    <Stack spacing={2} data-testid="form-outline">
      {definition.sections.map((section) => (
        <Paper
          key={section.id}
          variant="outlined"
          sx={{ p: 2 }}
          component="section"
          aria-label={section.title}
        >
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
            {section.title}
          </Typography>
          <Stack component="ol" spacing={1.5} sx={{ m: 0, pl: 3 }}>
            {section.questions.map((question) => {
              n += 1;
              const logic = logicOf(question, definition, translate);
              return (
                <li key={question.id} value={n}>
                  <Stack
                    direction="row"
                    spacing={1}
                    sx={{ flexWrap: 'wrap', alignItems: 'center' }}
                    useFlexGap
                  >
                    <Typography component="span">{question.prompt}</Typography>
                    <Chip size="small" variant="outlined" label={translate(kindKey(question))} />
                    {isScored(question.kind) && question.weight > 0 && (
                      <Chip
                        size="small"
                        label={translate('form_templates.outline.points', { smart_count: question.weight })}
                      />
                    )}
                    {!question.required && (
                      <Chip
                        size="small"
                        variant="outlined"
                        label={translate('form_templates.outline.optional')}
                      />
                    )}
                    {question.allow_na && (
                      <Chip size="small" variant="outlined" label={translate('form_templates.outline.na')} />
                    )}
                  </Stack>
                  {question.help && (
                    <Typography variant="body2" color="text.secondary">
                      {question.help}
                    </Typography>
                  )}
                  {[...rulesOf(question, translate), ...(logic ? [logic] : [])].map((line) => (
                    <Typography key={line} variant="body2" color="text.secondary">
                      {line}
                    </Typography>
                  ))}
                </li>
              );
            })}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
