import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { MyTaskForm } from '../../../contract/api/mytasks';
import { scorePercent } from '../../components/scorePercent';
import { useConnectivity } from '../../offline/connectivity';
import type { AppDataProvider } from '../../providers/dataProvider';

/**
 * A task that carries a form (issue 48) is completed by filling the form in: the store's
 * inspection of it opens (started on first open, shared by the store's people) and its finish
 * completes the task. "Can't do" stays beside it, in the drawer's actions.
 */
export function FormTaskStart({
  assignmentId,
  form,
  actions,
}: {
  assignmentId: number;
  form: MyTaskForm;
  /** The drawer's sticky actions with this button placed among them. */
  actions: (open: React.ReactNode) => React.ReactNode;
}) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { online } = useConnectivity();
  const headingId = useId();
  const open = useMutation({
    mutationFn: () => dataProvider.openTaskForm(assignmentId),
    onSuccess: (inspection) => navigate(`/task/form/${inspection.id}`),
  });
  return (
    <Stack spacing={1.5} useFlexGap sx={{ flex: 1 }} component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
        {translate('inspections.task_form.heading')}
      </Typography>
      <Typography variant="body2">{translate('inspections.task_form.body', { name: form.name })}</Typography>
      {form.inspection_id !== null && (
        <Typography variant="body2" color="text.secondary">
          {translate('inspections.task_form.started', { percentage: scorePercent(form.percentage) })}
        </Typography>
      )}
      {!online && <Alert severity="info">{translate('inspections.task_form.offline')}</Alert>}
      {open.error && (
        <Alert severity="error" data-testid="completion-error">
          {open.error.message}
        </Alert>
      )}
      {actions(
        <Button
          variant="contained"
          size="large"
          disabled={!online || open.isPending}
          onClick={() => open.mutate()}
          sx={{ flex: { xs: 1, sm: 'none' } }}
        >
          {translate(
            form.inspection_id === null ? 'inspections.task_form.open' : 'inspections.task_form.continue',
          )}
        </Button>,
      )}
    </Stack>
  );
}
