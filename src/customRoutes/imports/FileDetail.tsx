import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { Confirm, useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { ImportFile, ImportKind } from '../../../contract/api/imports';
import { RetryAlert } from '../../components/LoadFailure';
import { useZonedTime } from '../../hooks/useZonedTime';
import type { AppDataProvider } from '../../providers/dataProvider';
import { fileSize } from '../../providers/fileSize';
import { statusOf } from '../../providers/httpClient';
import { saveFile } from '../../providers/saveFile';
import { CheckSummary } from './CheckSummary';
import { ErrorList } from './ErrorList';
import { FileStateChip } from './ImportChips';
import {
  isUnderWay,
  useDeleteImport,
  useImportFile,
  useImportProgress,
  useRefreshImports,
} from './importQueries';
import { PreviewTable } from './PreviewTable';
import { RunPanel } from './RunPanel';

/** The file's name, who sent it and when, with its download and delete. */
function FileHeader({
  kind,
  file,
  busy,
  onDeleted,
}: {
  kind: ImportKind;
  file: ImportFile;
  busy: boolean;
  onDeleted: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const { dateTime } = useZonedTime();
  const dataProvider = useDataProvider<AppDataProvider>();
  const remove = useDeleteImport(kind);
  const [confirming, setConfirming] = useState(false);

  const download = async () => {
    try {
      saveFile(await dataProvider.downloadImportFile(kind, file.filename));
    } catch (error) {
      notify(error instanceof Error ? error.message : 'imports.errors.download', { type: 'error' });
    }
  };
  const confirmDelete = () =>
    remove.mutate(file.filename, {
      onSuccess: () => {
        notify('imports.detail.deleted', { type: 'info', messageArgs: { name: file.filename } });
        onDeleted();
      },
      onError: (error) => notify(error.message, { type: 'error' }),
      onSettled: () => setConfirming(false),
    });

  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ alignItems: { xs: 'stretch', sm: 'flex-start' } }}
      >
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
            <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
              {file.filename}
            </Typography>
            <FileStateChip state={file.state} />
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {translate('imports.detail.uploaded_by', {
              name: file.uploaded_by,
              when: dateTime(file.uploaded_at),
            })}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {translate('imports.detail.rows', { smart_count: file.rows })} · {file.format.toUpperCase()} ·{' '}
            {fileSize(file.size)}
          </Typography>
        </Box>
        <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
          <Button size="small" startIcon={<DownloadIcon />} onClick={download}>
            {translate('imports.detail.download')}
          </Button>
          <Button
            size="small"
            color="error"
            startIcon={<DeleteIcon />}
            disabled={busy}
            onClick={() => setConfirming(true)}
          >
            {translate('imports.detail.delete')}
          </Button>
        </Stack>
      </Stack>
      <Confirm
        isOpen={confirming}
        loading={remove.isPending}
        title="imports.detail.delete_title"
        content="imports.detail.delete_body"
        translateOptions={{ name: file.filename }}
        confirm="imports.detail.delete"
        confirmColor="warning"
        onConfirm={confirmDelete}
        onClose={() => setConfirming(false)}
      />
    </Paper>
  );
}

/**
 * One uploaded file: its check (counts, errors by row and column, the preview), the run with its
 * progress and outcome, download and delete. A run under way is found again after a reload: the
 * file's latest run comes with it and is followed until it ends.
 */
export function FileDetail({
  kind,
  filename,
  onBack,
}: {
  kind: ImportKind;
  filename: string;
  onBack: () => void;
}) {
  const translate = useTranslate();
  const detail = useImportFile(kind, filename);
  const refresh = useRefreshImports(kind);
  const file = detail.data?.file;
  const progress = useImportProgress(kind, file?.filename ?? filename, file?.last_run != null);
  const run = progress.data ?? file?.last_run ?? undefined;
  const underWay = isUnderWay(run);

  // When a run ends the file's state and the list change too.
  const wasUnderWay = useRef(underWay);
  useEffect(() => {
    if (wasUnderWay.current && !underWay) void refresh();
    wasUnderWay.current = underWay;
  }, [underWay, refresh]);

  return (
    <Stack spacing={2}>
      <Box>
        <Button startIcon={<ArrowBackIcon />} onClick={onBack}>
          {translate('imports.detail.back')}
        </Button>
      </Box>
      {detail.isPending && <LinearProgress />}
      {detail.error != null &&
        (statusOf(detail.error) === 404 ? (
          <Alert severity="warning">{translate('imports.detail.not_found', { name: filename })}</Alert>
        ) : (
          <RetryAlert error={detail.error} onRetry={() => detail.refetch()} />
        ))}
      {detail.data && (
        <>
          <FileHeader kind={kind} file={detail.data.file} busy={underWay} onDeleted={onBack} />
          <CheckSummary report={detail.data.report} />
          <RunPanel kind={kind} filename={detail.data.file.filename} report={detail.data.report} run={run} />
          {detail.data.report.errors.length > 0 && (
            <ErrorList errors={detail.data.report.errors} total={detail.data.report.errors_total} />
          )}
          <PreviewTable report={detail.data.report} />
        </>
      )}
    </Stack>
  );
}
