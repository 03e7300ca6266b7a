import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { type DragEvent, useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import { IMPORT_MAX_BYTES, type ImportFileDetail, type ImportKind } from '../../../contract/api/imports';
import { FilePickButton } from '../../components/FilePickButton';
import { useIsMobile } from '../../hooks/useIsMobile';
import type { AppDataProvider } from '../../providers/dataProvider';

const ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type Upload =
  | { state: 'idle' }
  | { state: 'sending'; name: string; progress: number }
  | { state: 'failed'; message: string };

/**
 * A file to import, chosen or dropped. It is sent with its progress shown (a store's connection can
 * be slow); once sent, the server checks every row before it answers, so the bar then waits.
 */
export function UploadBox({
  kind,
  onUploaded,
}: {
  kind: ImportKind;
  onUploaded: (detail: ImportFileDetail) => void;
}) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [upload, setUpload] = useState<Upload>({ state: 'idle' });
  const [over, setOver] = useState(false);
  // Phones have nothing to drag from.
  const isMobile = useIsMobile();
  const busy = upload.state === 'sending';

  const send = (file: File | undefined) => {
    if (!file || busy) return;
    // The server refuses more with 413; saying so before sending spares a long wait.
    if (file.size > IMPORT_MAX_BYTES) {
      setUpload({ state: 'failed', message: translate('imports.upload.too_large', { name: file.name }) });
      return;
    }
    setUpload({ state: 'sending', name: file.name, progress: 0 });
    dataProvider
      .uploadImportFile(kind, file, {
        onProgress: (progress) => setUpload({ state: 'sending', name: file.name, progress }),
      })
      .then((detail) => {
        setUpload({ state: 'idle' });
        onUploaded(detail);
      })
      .catch((error: unknown) =>
        setUpload({
          state: 'failed',
          message: error instanceof Error ? error.message : translate('errors.file_upload'),
        }),
      );
  };

  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    send(event.dataTransfer.files[0]);
  };

  return (
    <Box>
      <Box
        data-testid="import-drop-zone"
        onDragOver={(event) => {
          event.preventDefault();
          if (!busy) setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
        sx={{
          border: 2,
          borderStyle: 'dashed',
          borderColor: over ? 'primary.main' : 'divider',
          bgcolor: over ? 'action.hover' : 'background.paper',
          borderRadius: 2,
          px: 2,
          py: { xs: 2, sm: 2.5 },
          display: 'flex',
          flexDirection: { xs: 'column', sm: 'row' },
          alignItems: 'center',
          gap: { xs: 1, sm: 2 },
          textAlign: { xs: 'center', sm: 'left' },
        }}
      >
        <UploadFileIcon color={over ? 'primary' : 'action'} sx={{ fontSize: 40 }} />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="body1">
            {translate(isMobile ? 'imports.upload.pick' : 'imports.upload.drop')}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {translate('imports.upload.limits')}
          </Typography>
        </Box>
        <FilePickButton
          label={translate('imports.upload.choose')}
          variant="contained"
          disabled={busy}
          sx={{ flexShrink: 0 }}
          accept={ACCEPT}
          onFiles={([file]) => send(file)}
        />
      </Box>
      {upload.state === 'sending' && (
        <Box sx={{ mt: 1 }} role="status">
          <Typography variant="body2" sx={{ mb: 0.5, overflowWrap: 'anywhere' }}>
            {upload.progress < 1
              ? translate('imports.upload.sending', {
                  name: upload.name,
                  percent: Math.round(upload.progress * 100),
                })
              : translate('imports.upload.checking', { name: upload.name })}
          </Typography>
          <LinearProgress
            variant={upload.progress < 1 ? 'determinate' : 'indeterminate'}
            value={upload.progress * 100}
            aria-label={translate('imports.upload.progress')}
          />
        </Box>
      )}
      {upload.state === 'failed' && (
        <Alert severity="error" sx={{ mt: 1 }} onClose={() => setUpload({ state: 'idle' })}>
          {upload.message}
        </Alert>
      )}
    </Box>
  );
}
