import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { Inspection } from '../../../contract/api/inspections';
import { type Question, questionsOf } from '../../../contract/forms';
import { AnswerSummary } from '../../components/formRenderer/AnswerSummary';
import { CreateActionLink } from './CreateActionLink';

/**
 * The failed items, first on the report: what was asked, what was found, the comment and photos;
 * on a finished inspection, each with "Create action" for those who may (issue 49).
 */
export function FailedItems({ inspection }: { inspection: Inspection }) {
  const translate = useTranslate();
  const completed = inspection.status === 'completed';
  const questions = new Map<string, Question>(
    questionsOf(inspection.definition).map(({ question }) => [question.id, question]),
  );
  return (
    <Paper variant="outlined" component="section" aria-labelledby="failed-items-title" sx={{ p: 2 }}>
      <Typography id="failed-items-title" component="h2" variant="h6" sx={{ mb: 1.5 }}>
        {translate('inspections.report.failed_title', { smart_count: inspection.failed.length })}
      </Typography>
      {inspection.failed.length === 0 ? (
        <Alert severity="success">{translate('inspections.report.none_failed')}</Alert>
      ) : (
        <Stack component="ol" spacing={1.5} sx={{ m: 0, p: 0, listStyle: 'none' }} data-testid="failed-items">
          {inspection.failed.map((item) => {
            const question = questions.get(item.question_id);
            return (
              <Stack
                component="li"
                key={item.question_id}
                spacing={0.5}
                sx={{ pl: 1.5, borderLeft: 3, borderColor: 'error.main' }}
              >
                <Typography variant="caption" color="text.secondary">
                  {item.section}
                </Typography>
                <Typography variant="subtitle1" component="h3">
                  {item.prompt}
                </Typography>
                {question && <AnswerSummary question={question} answer={item.answer} />}
                {completed && (
                  <CreateActionLink
                    from={{ inspection_id: inspection.id, question_id: item.question_id }}
                    name={translate('inspections.actions.create_for', { prompt: item.prompt })}
                  />
                )}
              </Stack>
            );
          })}
        </Stack>
      )}
    </Paper>
  );
}
