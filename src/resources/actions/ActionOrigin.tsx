import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { Action } from '../../../contract/api/actions';
import type { Answer } from '../../../contract/forms';
import { Figure } from '../../components/Figure';
import { ActionPhotos } from './ActionPhotoPicker';

/** An answer's words without its question: yes, no and N/A translated, choices and numbers as given. */
function useAnswerWords() {
  const translate = useTranslate();
  return (answer: Answer): string => {
    if (answer.na) return translate('actions.detail.answer_values.na');
    const { value } = answer;
    if (value === undefined || value === null || value === '') return '';
    if (Array.isArray(value)) return value.join(', ');
    if (value === 'yes' || value === 'no' || value === 'na')
      return translate(`actions.detail.answer_values.${value}`);
    return String(value);
  };
}

/** The failed inspection item it was raised from: where in the form, what was asked and found. */
function InspectionOrigin({ item }: { item: NonNullable<Action['inspection_item']> }) {
  const translate = useTranslate();
  const words = useAnswerWords()(item.answer);
  return (
    <Stack spacing={1.5} data-testid="action-origin">
      <Typography variant="subtitle1" component="h3">
        {translate('actions.detail.from_inspection', { template: item.template })}
      </Typography>
      <Figure label="actions.detail.section">{item.section}</Figure>
      <Figure label="actions.detail.question">{item.prompt}</Figure>
      <Figure label="actions.detail.answer">
        {words || translate('actions.detail.no_answer')}
        {item.answer.comment && (
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
            {translate('actions.detail.answer_comment', { comment: item.answer.comment })}
          </Typography>
        )}
      </Figure>
      <ActionPhotos photos={item.answer.photos ?? []} label={item.prompt} />
      <Button
        component={Link}
        to={`/audit/inspection/${item.inspection_id}`}
        startIcon={<OpenInNewIcon />}
        sx={{ alignSelf: 'flex-start' }}
      >
        {translate('actions.detail.open_inspection')}
      </Button>
    </Stack>
  );
}

/** Where the action came from: a failed inspection item, a task, or someone raising it by hand. */
export function ActionOrigin({ action }: { action: Action }) {
  const translate = useTranslate();
  if (action.inspection_item) return <InspectionOrigin item={action.inspection_item} />;
  if (action.assignment)
    return (
      <Typography data-testid="action-origin">
        {translate('actions.detail.from_task', { title: action.assignment.task_title })}
      </Typography>
    );
  return (
    <Typography color="text.secondary" data-testid="action-origin">
      {translate('actions.detail.manual')}
    </Typography>
  );
}
