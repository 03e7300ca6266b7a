import AttachFileIcon from '@mui/icons-material/AttachFile';
import CloseIcon from '@mui/icons-material/Close';
import InsertDriveFileIcon from '@mui/icons-material/InsertDriveFileOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ChangeEvent, useRef, useState } from 'react';
import { useDataProvider, useInput, useTranslate } from 'react-admin';
import type { FileInfo } from '../../../contract/api/tasks';
import type { AppDataProvider } from '../../providers/dataProvider';
import { fileSize } from '../../providers/fileSize';

/** A file on its way up: its share sent so far, or why it failed. */
interface Upload {
  key: number;
  name: string;
  percent: number;
  error?: string;
}

let nextKey = 1;

/**
 * Reference files of the task: each chosen file is uploaded at once (POST /api/user/task/upload)
 * with its progress shown, and joins the task's attachments when stored. A refused file says why
 * (the server's `output`: too large, not a photo or document) and can be dismissed.
 */
export function AttachmentsInput() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { field, fieldState } = useInput({ source: 'attachments' });
  const files: FileInfo[] = Array.isArray(field.value) ? field.value : [];
  // The latest list, for uploads that finish after others were added or removed.
  const latest = useRef(files);
  latest.current = files;
  const [uploads, setUploads] = useState<Upload[]>([]);
  const input = useRef<HTMLInputElement>(null);

  const patch = (key: number, change: Partial<Upload> | null) =>
    setUploads((all) =>
      change === null
        ? all.filter((u) => u.key !== key)
        : all.map((u) => (u.key === key ? { ...u, ...change } : u)),
    );

  const start = (file: File) => {
    const key = nextKey++;
    setUploads((all) => [...all, { key, name: file.name, percent: 0 }]);
    dataProvider
      .uploadTaskFile(file, { onProgress: (fraction) => patch(key, { percent: Math.round(fraction * 100) }) })
      .then((stored) => {
        patch(key, null);
        if (!latest.current.some((f) => f.hash === stored.hash)) {
          const next = [...latest.current, stored];
          latest.current = next;
          field.onChange(next);
        }
      })
      .catch((error: Error) => patch(key, { error: error.message }));
  };

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    for (const file of Array.from(event.target.files ?? [])) start(file);
    event.target.value = '';
  };

  const message = fieldState.error?.message;
  return (
    <Box sx={{ width: '100%' }}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('tasks.attachments.intro')}
      </Typography>
      <Stack spacing={0.5} sx={{ mb: 1 }} data-testid="task-attachments">
        {files.map((file) => (
          <Stack key={file.hash} direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
            <InsertDriveFileIcon fontSize="small" color="action" />
            <Typography variant="body2" noWrap sx={{ flex: 1, minWidth: 0 }}>
              {file.name}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {fileSize(file.size)}
            </Typography>
            <IconButton
              size="small"
              aria-label={translate('tasks.attachments.remove', { name: file.name })}
              onClick={() => field.onChange(files.filter((f) => f.hash !== file.hash))}
            >
              <CloseIcon fontSize="small" />
            </IconButton>
          </Stack>
        ))}
        {uploads.map((upload) =>
          upload.error ? (
            <Alert
              key={upload.key}
              severity="error"
              onClose={() => patch(upload.key, null)}
              sx={{ overflowWrap: 'anywhere' }}
            >
              {upload.name}: {upload.error}
            </Alert>
          ) : (
            <Box key={upload.key}>
              <Typography variant="body2" noWrap>
                {translate('tasks.attachments.uploading', { name: upload.name })}
              </Typography>
              <LinearProgress
                variant="determinate"
                value={upload.percent}
                aria-label={translate('tasks.attachments.uploading', { name: upload.name })}
              />
            </Box>
          ),
        )}
      </Stack>
      <input ref={input} type="file" multiple hidden onChange={onPick} data-testid="attachment-file" />
      <Button
        variant="outlined"
        size="small"
        startIcon={<AttachFileIcon />}
        onClick={() => input.current?.click()}
      >
        {translate('tasks.attachments.add')}
      </Button>
      {message && <FormHelperText error>{translate(message, { _: message })}</FormHelperText>}
    </Box>
  );
}
