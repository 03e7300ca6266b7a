import DeleteIcon from '@mui/icons-material/Delete';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm, useCanAccess, useNotify, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { Inspection } from '../../../contract/api/inspections';
import { EvidencePhoto } from '../../components/EvidencePhoto';
import { FormRenderer } from '../../components/formRenderer';
import { useDateFormat } from '../../hooks/useDateFormat';
import { saveFile } from '../../providers/saveFile';
import { FailedItems } from './FailedItems';
import { InspectionActions } from './InspectionActions';
import { INSPECTIONS_KEY, inspectionApi } from './inspectionApi';
import { percentText, ScoreChip } from './ScoreChip';

const ignore = () => {};

/**
 * A finished inspection (or one still under way that the reader may not continue): the score,
 * the failed items first (and the actions raised from them), then every section as answered, the
 * signature, the PDF and, for those who may, delete.
 */
export function InspectionReport({ inspection }: { inspection: Inspection }) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { dateTime } = useDateFormat();
  const { canAccess: canDelete } = useCanAccess({ resource: 'inspection', action: 'delete' });
  const { canAccess: readsActions } = useCanAccess({ resource: 'action', action: 'read' });
  const [confirming, setConfirming] = useState(false);
  const completed = inspection.status === 'completed';

  const pdf = useMutation({
    mutationFn: () => inspectionApi.report(inspection.id),
    onSuccess: saveFile,
    onError: (error: Error) => notify(error.message, { type: 'error' }),
  });
  const remove = useMutation({
    mutationFn: () => inspectionApi.remove(inspection.id),
    onSuccess: () => {
      notify('inspections.report.deleted', { type: 'success' });
      void queryClient.invalidateQueries({ queryKey: [INSPECTIONS_KEY, 'list'] });
      navigate('/audit/inspection');
    },
    onError: (error: Error) => notify(error.message, { type: 'error' }),
    onSettled: () => setConfirming(false),
  });

  return (
    <Stack spacing={2} sx={{ maxWidth: 960, mx: 'auto', width: '100%' }}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack spacing={1}>
          <Typography variant="body1">
            {translate('inspections.runner.subtitle', {
              template: inspection.template.name,
              version: inspection.template.version,
              store: inspection.store.name,
            })}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {translate(completed ? 'inspections.report.done_by' : 'inspections.report.started_by', {
              name: inspection.inspector.name,
              started: dateTime(inspection.started_at),
              finished: dateTime(inspection.completed_at),
            })}
          </Typography>
          <Stack direction="row" sx={{ gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="h5" component="p" data-testid="report-score">
              {percentText(inspection.percentage, translate)}
            </Typography>
            <Typography variant="body1">
              {translate('inspections.score.points', {
                points: inspection.points,
                max: inspection.max_score,
              })}
            </Typography>
            <ScoreChip passed={inspection.passed} />
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1, pt: 1 }}>
            {completed && (
              <Button
                variant="outlined"
                startIcon={<PictureAsPdfIcon />}
                onClick={() => pdf.mutate()}
                disabled={pdf.isPending}
                sx={{ minHeight: 44 }}
              >
                {translate('inspections.report.download_pdf')}
              </Button>
            )}
            {canDelete && (
              <Button
                color="error"
                startIcon={<DeleteIcon />}
                onClick={() => setConfirming(true)}
                sx={{ minHeight: 44 }}
              >
                {translate('ra.action.delete')}
              </Button>
            )}
          </Stack>
        </Stack>
      </Paper>
      {!completed && <Alert severity="info">{translate('inspections.report.in_progress')}</Alert>}
      <FailedItems inspection={inspection} />
      {completed && readsActions && <InspectionActions inspectionId={inspection.id} />}
      <FormRenderer
        definition={inspection.definition}
        answers={inspection.answers}
        onAnswer={ignore}
        readOnly
      />
      {inspection.signature && (
        <Paper variant="outlined" component="section" aria-labelledby="signature-title" sx={{ p: 2 }}>
          <Typography id="signature-title" component="h2" variant="h6" sx={{ mb: 1 }}>
            {translate('inspections.report.signature')}
          </Typography>
          <Stack spacing={1} sx={{ maxWidth: 360 }}>
            <EvidencePhoto
              hash={inspection.signature.hash}
              height={120}
              fit="contain"
              alt={translate('inspections.report.signature_of', { name: inspection.signature.name })}
            />
            <Typography variant="body2">
              {translate('inspections.report.signed_by', { name: inspection.signature.name })}
            </Typography>
          </Stack>
        </Paper>
      )}
      <Confirm
        isOpen={confirming}
        loading={remove.isPending}
        title="inspections.report.delete_title"
        content="inspections.report.delete_body"
        confirm="ra.action.delete"
        confirmColor="warning"
        onConfirm={() => remove.mutate()}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
}
