import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import { FORM_LIMITS } from '../../../contract/forms';
import { EvidencePhoto } from '../EvidencePhoto';
import { FilePickButton } from '../FilePickButton';
import type { Upload } from './types';

/**
 * A question's photos: the server's thumbnails, each with a remove button, and the camera (the
 * back camera on a phone, the file picker elsewhere). Each photo uploads as soon as it is taken
 * and joins the answer once the server has it; one that fails says why and is not added.
 */
export function PhotoAnswer({
  photos,
  onChange,
  upload,
  readOnly,
  label,
}: {
  photos: readonly string[];
  onChange: (photos: string[]) => void;
  upload?: Upload;
  readOnly?: boolean;
  /** What the photos are of (the question's prompt), for their alternative text. */
  label: string;
}) {
  const translate = useTranslate();
  const [pending, setPending] = useState(0);
  const [error, setError] = useState<string>();
  // The answer may move on while a photo uploads (another photo lands): add to the latest list.
  const latest = useRef(photos);
  latest.current = photos;

  const add = (files: File[]) => {
    if (!upload) return;
    setError(undefined);
    const room = FORM_LIMITS.maxPhotos - latest.current.length;
    for (const file of files.slice(0, Math.max(room, 0))) {
      setPending((n) => n + 1);
      upload(file)
        .then((hash) => {
          latest.current = [...latest.current, hash];
          onChange([...latest.current]);
        })
        .catch((failure: unknown) =>
          setError(failure instanceof Error ? failure.message : translate('errors.file_upload')),
        )
        .finally(() => setPending((n) => n - 1));
    }
  };

  return (
    <Stack spacing={1}>
      {photos.length > 0 && (
        <Box
          component="ul"
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            display: 'grid',
            gap: 1,
            gridTemplateColumns: 'repeat(auto-fill, minmax(88px, 1fr))',
          }}
        >
          {photos.map((hash, index) => (
            <Box component="li" key={hash} sx={{ position: 'relative' }}>
              <EvidencePhoto
                hash={hash}
                height={88}
                alt={translate('inspections.form.photo_of', { prompt: label, n: index + 1 })}
              />
              {!readOnly && (
                <IconButton
                  size="small"
                  onClick={() => onChange(photos.filter((p) => p !== hash))}
                  aria-label={translate('inspections.form.remove_photo', { n: index + 1 })}
                  sx={{
                    position: 'absolute',
                    top: 2,
                    right: 2,
                    bgcolor: 'background.paper',
                    '&:hover': { bgcolor: 'background.paper' },
                  }}
                >
                  <DeleteOutlineIcon fontSize="small" />
                </IconButton>
              )}
            </Box>
          ))}
        </Box>
      )}
      {!readOnly && (
        <Stack direction="row" sx={{ gap: 1, alignItems: 'center' }}>
          <FilePickButton
            variant="outlined"
            startIcon={<PhotoCameraIcon />}
            label={translate('inspections.form.take_photo')}
            accept="image/*"
            capture="environment"
            multiple
            disabled={!upload || photos.length >= FORM_LIMITS.maxPhotos}
            onFiles={add}
            sx={{ minHeight: 48, flex: { xs: 1, sm: 'none' } }}
          />
          {pending > 0 && (
            <CircularProgress size={24} aria-label={translate('inspections.form.uploading_photo')} />
          )}
        </Stack>
      )}
      {error && (
        <FormHelperText error role="alert">
          {error}
        </FormHelperText>
      )}
    </Stack>
  );
}
