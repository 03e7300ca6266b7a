import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { FileInfo } from '../../../contract/api/tasks';
import { EvidencePhoto } from '../../components/EvidencePhoto';
import type { AppDataProvider } from '../../providers/dataProvider';
import { fileSize } from '../../providers/fileSize';
import { saveFile } from '../../providers/saveFile';

/**
 * Downloads a task file (a photo shows its thumbnail). The download call needs the session's
 * headers, so a plain link would not do: the bytes are fetched as a blob and handed to the browser
 * under the file's name.
 */
export function AttachmentLink({ file }: { file: FileInfo }) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const translate = useTranslate();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      saveFile(await dataProvider.downloadTaskFile(file));
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="small"
      startIcon={
        file.mime.startsWith('image/') ? (
          <Box sx={{ width: 40 }}>
            <EvidencePhoto hash={file.hash} mime={file.mime} alt="" height={40} />
          </Box>
        ) : (
          <DownloadIcon />
        )
      }
      disabled={busy}
      onClick={download}
      aria-label={translate('tasks.attachments.download', { name: file.name })}
      sx={{ textTransform: 'none', justifyContent: 'flex-start', maxWidth: '100%' }}
    >
      <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{file.name}</span>
      &nbsp;
      <span style={{ opacity: 0.7 }}>({fileSize(file.size)})</span>
    </Button>
  );
}
