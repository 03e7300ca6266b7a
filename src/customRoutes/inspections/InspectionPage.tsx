import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import { useQuery } from '@tanstack/react-query';
import { Title, useTranslate } from 'react-admin';
import { Link, useMatch, useParams } from 'react-router-dom';
import { LoadFailure } from '../../components/LoadFailure';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import type { PageProps } from '../../routing/types';
import { InspectionReport } from './InspectionReport';
import { InspectionRunner } from './InspectionRunner';
import { INSPECTIONS_KEY, inspectionApi } from './inspectionApi';

/**
 * /audit/inspection/:id (and /task/form/:id, a store's task form reached from My Tasks): the
 * runner while the inspection is under way and the reader may go on with it, else its report.
 */
export default function InspectionPage({ title }: PageProps) {
  useDocumentTitle(title);
  const translate = useTranslate();
  const id = Number(useParams().id);
  const fromTasks = useMatch('/task/form/:id') !== null;
  const inspection = useQuery({
    queryKey: [INSPECTIONS_KEY, 'one', id],
    queryFn: () => inspectionApi.get(id),
    enabled: Number.isInteger(id) && id > 0,
    // The runner keeps the answers it started with (a refetch changes none under the inspector);
    // coming back to the screen reads the answers saved since.
    refetchOnWindowFocus: false,
  });
  const data = inspection.data;
  const running = data?.status === 'in_progress' && data.editable;
  return (
    <Box sx={{ py: { xs: 1, sm: 2 } }}>
      <Title title={title} />
      <Button
        component={Link}
        to={fromTasks ? '/task' : '/audit/inspection'}
        startIcon={<ArrowBackIcon />}
        sx={{ mb: 1, minHeight: 44 }}
      >
        {translate(fromTasks ? 'inspections.task_form.back' : 'inspections.back')}
      </Button>
      {inspection.isPending && inspection.fetchStatus !== 'idle' && <LinearProgress />}
      {inspection.error != null && (
        <LoadFailure error={inspection.error} onRetry={() => inspection.refetch()} />
      )}
      {data && running && <InspectionRunner key={data.id} inspection={data} />}
      {data && !running && <InspectionReport inspection={data} />}
    </Box>
  );
}
