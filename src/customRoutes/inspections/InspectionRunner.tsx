import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslate } from 'react-admin';
import type { Inspection } from '../../../contract/api/inspections';
import {
  isAnswered,
  type MissingReason,
  missingAnswers,
  questionsOf,
  scoreInspection,
  visibleQuestionIds,
} from '../../../contract/forms';
import { FormRenderer, questionElementId } from '../../components/formRenderer';
import { useSessionUser } from '../../hooks/useSession';
import { MY_TASKS_KEY } from '../../providers/dataProvider/mytasks';
import { FinishDialog } from './FinishDialog';
import { INSPECTIONS_KEY } from './inspectionApi';
import { RunnerHeader } from './RunnerHeader';
import { SaveStatus } from './SaveStatus';
import { useAnswerSaver } from './useAnswerSaver';
import { useInspectionUpload } from './useInspectionUpload';

/** Brings a question into view and gives it focus, so a keyboard or a screen reader lands on it. */
function pointAt(questionId: string) {
  // After the render that opened its section.
  setTimeout(() => {
    const element = document.getElementById(questionElementId(questionId));
    element?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
    element?.focus();
  });
}

/**
 * The inspection as it is being done, phone first: one column, the live score and progress in a
 * sticky header, every answer saved as it is given, and Finish, which first points at what is
 * still missing, then asks for the signature.
 */
export function InspectionRunner({ inspection }: { inspection: Inspection }) {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const user = useSessionUser();
  const upload = useInspectionUpload();
  const { definition } = inspection;
  const saver = useAnswerSaver(inspection.id, definition, inspection.answers);
  const { answers } = saver;
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string>();
  const [finishing, setFinishing] = useState(false);

  const score = useMemo(() => scoreInspection(definition, answers), [definition, answers]);
  const visible = useMemo(() => visibleQuestionIds(definition, answers), [definition, answers]);
  const shown = questionsOf(definition).filter(({ question }) => visible.has(question.id));
  const answered = shown.filter(({ question }) => isAnswered(question, answers[question.id])).length;
  const prompts = new Map(shown.map(({ question }) => [question.id, question]));

  const reasonText = (reason: MissingReason, questionId: string) =>
    translate(`inspections.missing.${reason}`, {
      smart_count: prompts.get(questionId)?.min_photos ?? 1,
    });
  const missing = Object.entries(errors).filter(([id]) => visible.has(id));

  const change = (questionId: string, answer: Parameters<typeof saver.change>[1]) => {
    saver.change(questionId, answer);
    // An answer given clears what was said about the question.
    if (errors[questionId]) {
      setErrors(({ [questionId]: _, ...rest }) => rest);
    }
  };

  const finish = () => {
    const owed = missingAnswers(definition, answers);
    if (owed.length > 0) {
      const found: Record<string, string> = {};
      for (const { question_id, reason } of owed) found[question_id] ??= reasonText(reason, question_id);
      setErrors(found);
      setRefusal(undefined);
      pointAt(owed[0]!.question_id);
      return;
    }
    setErrors({});
    setFinishing(true);
  };

  const refused = (found: Record<string, string>, message: string) => {
    setFinishing(false);
    setErrors(found);
    setRefusal(message);
    const first = questionsOf(definition).find(({ question }) => found[question.id]);
    if (first) pointAt(first.question.id);
  };

  const finished = (done: Inspection) => {
    setFinishing(false);
    queryClient.setQueryData([INSPECTIONS_KEY, 'one', inspection.id], done);
    void queryClient.invalidateQueries({ queryKey: [INSPECTIONS_KEY, 'list'] });
    // A task's form finished has completed the task: the store's day moves it to Done.
    if (done.assignment_id !== null) void queryClient.invalidateQueries({ queryKey: [MY_TASKS_KEY] });
  };

  return (
    <Stack spacing={2} sx={{ maxWidth: 860, mx: 'auto', width: '100%' }}>
      <RunnerHeader
        inspection={inspection}
        score={score}
        answered={answered}
        total={shown.length}
        waiting={saver.waiting}
      />
      {missing.length > 0 && (
        <Alert severity="error" data-testid="missing-list">
          {refusal ?? translate('inspections.missing.title', { smart_count: missing.length })}
          <Stack component="ul" sx={{ m: 0, mt: 1, pl: 2.5 }}>
            {missing.map(([id, text]) => (
              <li key={id}>
                <Link component="button" type="button" onClick={() => pointAt(id)} sx={{ textAlign: 'left' }}>
                  {prompts.get(id)?.prompt ?? id}
                </Link>
                {` — ${text}`}
              </li>
            ))}
          </Stack>
        </Alert>
      )}
      <FormRenderer
        definition={definition}
        answers={answers}
        onAnswer={change}
        errors={errors}
        upload={upload}
        aside={(id) => <SaveStatus state={saver.states[id]} onRetry={() => saver.retry(id)} />}
      />
      <Button
        variant="contained"
        size="large"
        onClick={finish}
        sx={{ minHeight: 52, alignSelf: { xs: 'stretch', sm: 'flex-end' }, minWidth: { sm: 200 } }}
      >
        {translate('inspections.finish.button')}
      </Button>
      <FinishDialog
        open={finishing}
        inspectionId={inspection.id}
        defaultName={user ? `${user.preferred_name || user.firstname} ${user.lastname}`.trim() : ''}
        upload={upload}
        beforeFinish={saver.flush}
        onClose={() => setFinishing(false)}
        onFinished={finished}
        onRefused={refused}
      />
    </Stack>
  );
}
