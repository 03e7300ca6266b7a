import AttachFileIcon from '@mui/icons-material/AttachFile';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CloudQueueIcon from '@mui/icons-material/CloudQueue';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import ReplayIcon from '@mui/icons-material/Replay';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { FilePickButton } from '../../components/FilePickButton';
import type { UploadItem } from './useUploads';

export interface EvidenceUploadsProps {
  items: readonly UploadItem[];
  onAdd: (files: File[]) => void;
  onRetry: (key: number) => void;
  onRemove: (key: number) => void;
  errors: readonly (string | undefined)[];
  disabled?: boolean;
}

/** Both pickers: several files at once, a 44 px target, side by side on a phone. */
const PICK = {
  multiple: true,
  variant: 'outlined',
  sx: { minHeight: 44, flex: { xs: 1, sm: 'none' }, whiteSpace: 'nowrap' },
} as const;

/**
 * A photo as the phone holds it, shown at once (before and while it uploads) so staff see which
 * picture they are sending, not a camera's file name. Decorative: the name stays beside it.
 */
function LocalThumbnail({ file }: { file: File }) {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (typeof URL.createObjectURL !== 'function') return;
    const made = URL.createObjectURL(file);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [file]);
  if (!url) return null;
  return (
    <Box
      component="img"
      src={url}
      alt=""
      data-testid="upload-thumbnail"
      sx={{ width: 48, height: 48, objectFit: 'cover', borderRadius: 1, flex: 'none' }}
    />
  );
}

function UploadRow({
  item,
  onRetry,
  onRemove,
}: {
  item: UploadItem;
  onRetry: () => void;
  onRemove: () => void;
}) {
  const translate = useTranslate();
  const name = item.file.name;
  return (
    <Box data-testid="upload-row" sx={{ display: 'flex', alignItems: 'center', gap: 1, minHeight: 44 }}>
      {item.status === 'done' && <CheckCircleIcon color="success" fontSize="small" />}
      {item.status === 'kept' && <CloudQueueIcon color="warning" fontSize="small" />}
      {item.status === 'failed' && <ErrorOutlineIcon color="error" fontSize="small" />}
      {item.status === 'uploading' && <Box sx={{ width: 20 }} />}
      {item.kind === 'photo' && <LocalThumbnail file={item.file} />}
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="body2" noWrap title={name}>
          {name}
        </Typography>
        {item.status === 'uploading' && (
          <LinearProgress
            variant="determinate"
            value={Math.round(item.progress * 100)}
            aria-label={translate('my_tasks.uploading', { name })}
            sx={{ mt: 0.5 }}
          />
        )}
        {item.status === 'kept' && (
          <Typography variant="caption" color="text.secondary">
            {translate('offline.file_kept')}
          </Typography>
        )}
        {item.status === 'failed' && (
          <Typography variant="caption" color="error" role="alert">
            {item.error}
          </Typography>
        )}
      </Box>
      {item.status === 'failed' && (
        <IconButton onClick={onRetry} aria-label={translate('my_tasks.retry_upload', { name })}>
          <ReplayIcon />
        </IconButton>
      )}
      <IconButton onClick={onRemove} aria-label={translate('my_tasks.remove_file', { name })}>
        <DeleteOutlineIcon />
      </IconButton>
    </Box>
  );
}

/**
 * Evidence for a completion: the camera (accept="image/*" capture="environment" opens the back
 * camera on phones, the file picker elsewhere) and any file, each with its upload progress.
 */
export function EvidenceUploads({ items, onAdd, onRetry, onRemove, errors, disabled }: EvidenceUploadsProps) {
  const translate = useTranslate();
  const shown = errors.filter((e): e is string => Boolean(e));
  return (
    <Stack spacing={1}>
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
        <FilePickButton
          {...PICK}
          startIcon={<PhotoCameraIcon />}
          label={translate('my_tasks.take_photo')}
          accept="image/*"
          capture="environment"
          disabled={disabled}
          onFiles={onAdd}
        />
        <FilePickButton
          {...PICK}
          startIcon={<AttachFileIcon />}
          label={translate('my_tasks.add_file')}
          disabled={disabled}
          onFiles={onAdd}
        />
      </Stack>
      {items.map((item) => (
        <UploadRow
          key={item.key}
          item={item}
          onRetry={() => onRetry(item.key)}
          onRemove={() => onRemove(item.key)}
        />
      ))}
      {shown.map((error) => (
        <FormHelperText key={error} error>
          {error}
        </FormHelperText>
      ))}
    </Stack>
  );
}
