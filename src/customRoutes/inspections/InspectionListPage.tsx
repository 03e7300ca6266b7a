import AddIcon from '@mui/icons-material/Add';
import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Title, useCanAccess, useNotify, useTranslate } from 'react-admin';
import { RetryAlert } from '../../components/LoadFailure';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { saveFile } from '../../providers/saveFile';
import type { PageProps } from '../../routing/types';
import { InspectionFilters } from './InspectionFilters';
import { InspectionTable } from './InspectionTable';
import { INSPECTIONS_KEY, inspectionApi } from './inspectionApi';
import { listQuery, PER_PAGE, useInspectionParams } from './inspectionParams';
import { StartInspectionDialog } from './StartInspectionDialog';

/**
 * /audit/inspection: the inspections of the caller's part of the tree, filtered, as CSV or XLSX,
 * and for those who may, a store visit started from here.
 */
export default function InspectionListPage({ title }: PageProps) {
  useDocumentTitle(title);
  const translate = useTranslate();
  const notify = useNotify();
  const { canAccess: canStart } = useCanAccess({ resource: 'inspection', action: 'create' });
  const [params, update] = useInspectionParams();
  const [starting, setStarting] = useState(false);
  const query = listQuery(params);
  const list = useQuery({
    queryKey: [INSPECTIONS_KEY, 'list', query],
    queryFn: () => inspectionApi.list(query),
    placeholderData: keepPreviousData,
  });
  const download = async (format: 'csv' | 'xlsx') => {
    try {
      const { page: _page, per_page: _perPage, ...filters } = query;
      saveFile(await inspectionApi.export(filters, format));
    } catch (error) {
      notify(error instanceof Error ? error.message : 'inspections.export_failed', { type: 'error' });
    }
  };
  const pages = list.data ? Math.ceil(list.data.total / PER_PAGE) : 0;

  return (
    <Box sx={{ py: { xs: 1.5, sm: 2 } }}>
      <Title title={title} />
      <Stack spacing={2}>
        <Stack direction="row" useFlexGap sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          {canStart && (
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              onClick={() => setStarting(true)}
              sx={{ minHeight: 44, flex: { xs: '1 1 100%', sm: '0 0 auto' } }}
            >
              {translate('inspections.start.button')}
            </Button>
          )}
          <Box sx={{ flex: 1 }} />
          <Button size="small" startIcon={<DownloadIcon />} onClick={() => download('csv')}>
            CSV
          </Button>
          <Button size="small" startIcon={<DownloadIcon />} onClick={() => download('xlsx')}>
            XLSX
          </Button>
        </Stack>
        <InspectionFilters params={params} update={update} />
        {list.isFetching && <LinearProgress />}
        {list.error != null && <RetryAlert error={list.error} onRetry={() => list.refetch()} />}
        {list.data && list.data.data.length === 0 && (
          <Alert severity="info">{translate('inspections.empty')}</Alert>
        )}
        {list.data && list.data.data.length > 0 && <InspectionTable rows={list.data.data} />}
        {pages > 1 && (
          <Pagination
            count={pages}
            page={params.page}
            onChange={(_, page) => update({ page })}
            sx={{ alignSelf: 'center' }}
          />
        )}
      </Stack>
      {starting && <StartInspectionDialog open onClose={() => setStarting(false)} />}
    </Box>
  );
}
