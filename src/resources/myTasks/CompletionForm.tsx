import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import type { MyTaskDetail } from '../../../contract/api/mytasks';
import { useSessionUser } from '../../hooks/useSession';
import { newClientId, queueCompletion } from '../../offline/queueCompletion';
import { completionProblem } from '../../offline/submitCompletion';
import { checkCompletion } from './completion';
import { EvidenceUploads } from './EvidenceUploads';
import { FormTaskStart } from './FormTaskStart';
import { type CompletionRoute, type CompletionSend, useCompleteTask } from './myTasksQueries';
import { Requirements } from './Requirements';
import { useUploads } from './useUploads';

export interface CompletionFormProps {
  detail: MyTaskDetail;
  /** After the server has taken it: the drawer closes and the card has moved to Done. */
  onCompleted: () => void;
  via?: CompletionRoute;
}

/** The actions stay at the bottom of the drawer, within a thumb's reach on a phone. */
function Actions({ children }: { children: React.ReactNode }) {
  return (
    <Box
      sx={{
        position: 'sticky',
        bottom: 0,
        mt: 'auto',
        mx: { xs: -2, sm: -3 },
        px: { xs: 2, sm: 3 },
        py: 1.5,
        bgcolor: 'background.paper',
        borderTop: 1,
        borderColor: 'divider',
        display: 'flex',
        gap: 1,
        justifyContent: 'flex-end',
        zIndex: 1,
      }}
    >
      {children}
    </Box>
  );
}

/** Done or cannot-do: a form named by its heading, sent by its submit button or Enter. */
function OutcomeForm({
  title,
  onSubmit,
  children,
}: {
  title: string;
  onSubmit: () => void;
  children: ReactNode;
}) {
  return (
    <Stack
      spacing={2}
      useFlexGap
      sx={{ flex: 1 }}
      component="form"
      noValidate
      aria-label={title}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      {children}
    </Stack>
  );
}

/**
 * Completing one assignment: the evidence its rules ask for (checklist, comment, photos, files),
 * "Can't do" with a reason, or "I have read this" for a communication. Rules are checked before
 * sending; the server's 400 names the same fields, and both show at the field they concern.
 */
export function CompletionForm({ detail, onCompleted, via = 'mytasks' }: CompletionFormProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const stepErrorId = `${useId()}-step-error`;
  const card = detail.assignment;
  const steps = detail.task.checklist;
  const communication = card.acknowledgement !== null;
  const [outcome, setOutcome] = useState<'done' | 'cannot_do'>('done');
  const [comment, setComment] = useState('');
  const [reason, setReason] = useState('');
  const [ticks, setTicks] = useState<boolean[]>(() => steps.map(() => false));
  const [fields, setFields] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string>();
  const uploads = useUploads();
  const complete = useCompleteTask(via);
  const user = useSessionUser();
  const [clientId] = useState(newClientId);
  // A field's error goes once the person changes that field; the others stay until the next send.
  const clear = (...names: string[]) =>
    setFields((current) =>
      names.some((n) => n in current)
        ? Object.fromEntries(Object.entries(current).filter(([n]) => !names.includes(n)))
        : current,
    );
  const addFiles = (files: File[]) => {
    clear('photos', 'files', 'attachments');
    uploads.add(files);
  };

  // Offline (issue 30): the completion is kept on the phone and sent later under this same id,
  // which the server takes as idempotency key; online, a retry after a lost answer is safe too.
  const queue = (body: CompletionSend['body']) => {
    if (!user) return;
    queueCompletion({ user, clientId, title: detail.task.title, via, body, kept: uploads.kept })
      .then(() => {
        notify('offline.queued_notice', { type: 'info' });
        onCompleted();
      })
      .catch((error: unknown) => setMessage(error instanceof Error ? error.message : String(error)));
  };

  const send = (body: CompletionSend['body'], notice: string) => {
    setMessage(undefined);
    if (!navigator.onLine || uploads.kept.length > 0) return queue(body);
    complete.mutate(
      { body, clientId },
      {
        onSuccess: () => {
          notify(`my_tasks.${notice}`, { type: 'success' });
          onCompleted();
        },
        onError: (error) => {
          const problem = completionProblem(error);
          if (problem.status === 0) return queue(body);
          setFields(problem.fields);
          setMessage(problem.message);
        },
      },
    );
  };

  const submit = () => {
    const problems = checkCompletion(card.evidence, {
      outcome,
      comment,
      reason,
      checklist: ticks,
      photos: uploads.photos,
      documents: uploads.documents,
    });
    const local = Object.fromEntries(
      Object.entries(problems).map(([field, p]) => [field, translate(`my_tasks.${p.key}`, p.options)]),
    );
    setFields(local);
    if (Object.keys(local).length > 0) {
      setMessage(translate('my_tasks.fix_fields'));
      return;
    }
    if (outcome === 'cannot_do') {
      send(
        { assignment_id: card.assignment_id, outcome: 'cannot_do', reason: reason.trim() },
        'cannot_do_notice',
      );
      return;
    }
    send(
      {
        assignment_id: card.assignment_id,
        outcome: 'done',
        comment: comment.trim() || undefined,
        attachments: uploads.hashes.length > 0 ? uploads.hashes : undefined,
        checklist: steps.length > 0 ? ticks : undefined,
      },
      card.approval ? 'submitted_notice' : 'completed',
    );
  };

  const errorAlert = message && (
    <Alert severity="error" data-testid="completion-error">
      {message}
    </Alert>
  );

  if (communication) {
    return (
      <Stack
        spacing={2}
        useFlexGap
        sx={{ flex: 1 }}
        component="section"
        aria-label={translate('my_tasks.acknowledge')}
      >
        {errorAlert}
        {fields.acknowledged && <FormHelperText error>{fields.acknowledged}</FormHelperText>}
        <Actions>
          <Button
            variant="contained"
            size="large"
            disabled={complete.isPending}
            onClick={() =>
              send({ assignment_id: card.assignment_id, acknowledged: true }, 'acknowledged_notice')
            }
            sx={{ flex: { xs: 1, sm: 'none' } }}
          >
            {translate('my_tasks.acknowledge')}
          </Button>
        </Actions>
      </Stack>
    );
  }

  const busy = complete.isPending || uploads.busy;
  const switchTo = (next: 'done' | 'cannot_do') => {
    setFields({});
    setMessage(undefined);
    setOutcome(next);
  };
  if (outcome === 'cannot_do') {
    return (
      <OutcomeForm title={translate('my_tasks.cannot_do_title')} onSubmit={submit}>
        {errorAlert}
        <TextField
          label={translate('my_tasks.reason')}
          value={reason}
          onChange={(event) => {
            setReason(event.target.value);
            clear('reason');
          }}
          multiline
          minRows={3}
          required
          error={Boolean(fields.reason)}
          helperText={fields.reason}
          slotProps={{ htmlInput: { maxLength: 2000 } }}
        />
        <Actions>
          <Button onClick={() => switchTo('done')} disabled={complete.isPending}>
            {translate('my_tasks.back_to_done')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            color="warning"
            disabled={complete.isPending}
            sx={{ flex: { xs: 1, sm: 'none' } }}
          >
            {translate('my_tasks.send_cannot_do')}
          </Button>
        </Actions>
      </OutcomeForm>
    );
  }

  if (card.form)
    return (
      <FormTaskStart
        assignmentId={card.assignment_id}
        form={card.form}
        actions={(open) => (
          <Actions>
            <Button color="inherit" onClick={() => switchTo('cannot_do')}>
              {translate('my_tasks.cannot_do_button')}
            </Button>
            {open}
          </Actions>
        )}
      />
    );

  const rules = card.evidence;
  return (
    <OutcomeForm title={translate('my_tasks.complete_title')} onSubmit={submit}>
      {errorAlert}
      <Requirements
        rules={rules}
        photos={uploads.photos}
        documents={uploads.documents}
        comment={comment}
        ticked={ticks.filter(Boolean).length}
      />
      {steps.length > 0 && (
        <Stack component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
          <Typography component="legend" variant="subtitle2" sx={{ mb: 0.5 }}>
            {translate('my_tasks.checklist')}
          </Typography>
          {steps.map((step, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a step is its position; the ticks are sent in this order
            <Box key={`${i}-${step}`}>
              <FormControlLabel
                sx={{ minHeight: 44, alignItems: 'center' }}
                control={
                  <Checkbox
                    // The step's error is read with the step (as a text field's helper text is).
                    slotProps={{
                      input: {
                        'aria-describedby': fields[`checklist.${i}`] ? `${stepErrorId}-${i}` : undefined,
                      },
                    }}
                    checked={ticks[i] === true}
                    onChange={(event) => {
                      setTicks((current) => current.map((t, j) => (j === i ? event.target.checked : t)));
                      clear(`checklist.${i}`);
                    }}
                  />
                }
                label={step}
              />
              {fields[`checklist.${i}`] && (
                <FormHelperText error id={`${stepErrorId}-${i}`} sx={{ mt: -0.5, ml: 4 }}>
                  {fields[`checklist.${i}`]}
                </FormHelperText>
              )}
            </Box>
          ))}
        </Stack>
      )}
      <TextField
        label={translate(rules.comment ? 'my_tasks.comment_required' : 'my_tasks.comment')}
        value={comment}
        onChange={(event) => {
          setComment(event.target.value);
          clear('comment');
        }}
        multiline
        minRows={2}
        error={Boolean(fields.comment)}
        helperText={fields.comment}
        slotProps={{ htmlInput: { maxLength: 5000 } }}
      />
      <EvidenceUploads
        items={uploads.items}
        onAdd={addFiles}
        onRetry={uploads.retry}
        onRemove={uploads.remove}
        errors={[fields.photos, fields.files, fields.attachments]}
        disabled={complete.isPending}
      />
      {uploads.busy && (
        <Typography variant="caption" color="text.secondary">
          {translate('my_tasks.wait_uploads')}
        </Typography>
      )}
      <Actions>
        <Button color="inherit" onClick={() => switchTo('cannot_do')} disabled={complete.isPending}>
          {translate('my_tasks.cannot_do_button')}
        </Button>
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={busy}
          sx={{ flex: { xs: 1, sm: 'none' } }}
        >
          {translate(card.approval ? 'my_tasks.submit_for_approval' : 'my_tasks.submit')}
        </Button>
      </Actions>
    </OutcomeForm>
  );
}
