import Alert from '@mui/material/Alert';
import { useCanAccess, useTranslate } from 'react-admin';
import { CreateActionLink } from '../inspections/CreateActionLink';
import type { SentBack } from './useSubmissionReview';

/**
 * After a send-back (issue 49): the submission sent back, with "Create action" to follow it up at
 * the store, for those who may create actions. It stays until the reviewer moves on, since the
 * dialog has already opened the next submission.
 */
export function SentBackOffer({ sentBack }: { sentBack: SentBack }) {
  const translate = useTranslate();
  const { canAccess } = useCanAccess({ resource: 'action', action: 'create' });
  if (!canAccess) return null;
  return (
    <Alert
      severity="info"
      sx={{ mb: 2, '& .MuiAlert-message': { display: 'flex', flexDirection: 'column', gap: 1 } }}
      data-testid="sent-back-offer"
    >
      {translate('audit.sent_back_offer', { task: sentBack.task })}
      <CreateActionLink
        from={{ assignment_id: sentBack.assignmentId }}
        name={translate('audit.create_action_for', { task: sentBack.task })}
      />
    </Alert>
  );
}
