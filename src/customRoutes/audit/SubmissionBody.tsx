import CheckBoxIcon from '@mui/icons-material/CheckBox';
import CheckBoxOutlineBlankIcon from '@mui/icons-material/CheckBoxOutlineBlank';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { AuditSubmissionDetail } from '../../../contract/api/audit';
import { DetailSection } from '../../components/DetailSection';
import { useZonedTime } from '../../hooks/useZonedTime';
import { TaskInstructions } from '../../resources/tasks/TaskInstructions';
import { CreateActionLink } from '../inspections/CreateActionLink';
import { EarlierAttempt } from './EarlierAttempt';
import { Documents, Gallery, type ZoomTarget } from './EvidenceFiles';

/**
 * A submission's task (instructions, checklist as ticked) beside its evidence and earlier attempts;
 * one that could not be done or was sent back offers an action to follow it up (issue 49).
 */
export function SubmissionBody({
  detail,
  onZoom,
}: {
  detail: AuditSubmissionDetail;
  onZoom: (target: ZoomTarget) => void;
}) {
  const translate = useTranslate();
  const { atStore } = useZonedTime();
  const { task, submission, history } = detail;
  const zone = submission.workspace.timezone;
  const dueMine = atStore(submission.due_at, zone).mine;
  const current = history.find((h) => h.id === submission.id) ?? history[history.length - 1];
  const earlier = history.filter((h) => h.id !== submission.id);
  const photos = current?.attachments.filter((f) => f.kind === 'photo') ?? [];
  const documents = current?.attachments.filter((f) => f.kind === 'document') ?? [];
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 2fr) minmax(0, 3fr)' },
        gap: { xs: 2.5, md: 3 },
      }}
    >
      <Stack spacing={2} sx={{ order: { xs: 2, md: 1 } }}>
        <DetailSection title={translate('audit.instructions')}>
          <TaskInstructions html={task.description} />
        </DetailSection>
        {task.checklist.length > 0 && (
          <DetailSection title={translate('audit.checklist')}>
            {task.checklist.map((step, i) => (
              <Stack key={step} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                {current?.checklist[i] ? (
                  <CheckBoxIcon color="success" fontSize="small" />
                ) : (
                  <CheckBoxOutlineBlankIcon color="disabled" fontSize="small" />
                )}
                <Typography variant="body2">{step}</Typography>
              </Stack>
            ))}
          </DetailSection>
        )}
      </Stack>
      <Stack spacing={2} sx={{ order: { xs: 1, md: 2 } }}>
        <DetailSection title={translate('audit.evidence')}>
          <Typography variant="body2" color="text.secondary">
            {translate('audit.sent_by', {
              name: submission.submitted_by.name,
              date: atStore(submission.submitted_at, zone).store,
            })}
            {' · '}
            {translate('audit.due', { date: atStore(submission.due_at, zone).store })}
          </Typography>
          {dueMine && (
            <Typography variant="caption" color="text.secondary" data-store-time="marked">
              {translate('store_time.line', { zone, time: dueMine })}
            </Typography>
          )}
          {photos.length > 0 && (
            <Gallery photos={photos} onZoom={onZoom} pinned={current?.review?.attachment} />
          )}
          {documents.length > 0 && <Documents files={documents} />}
          {current?.comment ? (
            <Typography
              variant="body1"
              sx={{ whiteSpace: 'pre-wrap', bgcolor: 'action.hover', p: 1.5, borderRadius: 1 }}
            >
              {current.comment}
            </Typography>
          ) : (
            photos.length === 0 &&
            documents.length === 0 && (
              <Typography variant="body2" color="text.secondary">
                {translate('audit.no_evidence')}
              </Typography>
            )
          )}
          {current?.outcome === 'cannot_do' && (
            <Alert severity="warning">
              {translate('audit.cannot_do_reason', { reason: current.reason ?? '' })}
            </Alert>
          )}
          {current?.review?.decision === 'rejected' && (
            <Alert severity="error">{current.review.reason}</Alert>
          )}
          {(current?.outcome === 'cannot_do' || current?.review?.decision === 'rejected') && (
            <CreateActionLink
              from={{ assignment_id: submission.assignment_id }}
              name={translate('audit.create_action_for', { task: submission.task.title })}
            />
          )}
        </DetailSection>
        {earlier.length > 0 && (
          <DetailSection title={translate('audit.earlier_attempts')}>
            {earlier.map((attempt) => (
              <EarlierAttempt key={attempt.id} attempt={attempt} zone={zone} onZoom={onZoom} />
            ))}
          </DetailSection>
        )}
      </Stack>
    </Box>
  );
}
