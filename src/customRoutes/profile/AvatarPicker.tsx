import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useRef } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';

const MAX_AVATAR_BYTES = 5 * 1024 * 1024;
const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp'];

/** Checked here too so a wrong file fails at once; the server decides by content, not type. */
function avatarProblem(file: File): 'type' | 'size' | undefined {
  if (file.type && !AVATAR_TYPES.includes(file.type)) return 'type';
  if (file.size > MAX_AVATAR_BYTES) return 'size';
  return undefined;
}

interface AvatarPickerProps {
  url: string | null;
  initials: string;
  disabled?: boolean;
  /** The uploaded picture's hash and URL; null removes the picture. */
  onChange: (avatar: { hash: string; url: string } | null) => void;
}

/** Uploads a picture at once (it is stored by hash) and lets the profile form keep or drop it. */
export function AvatarPicker({ url, initials, disabled, onChange }: AvatarPickerProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const input = useRef<HTMLInputElement>(null);
  const dataProvider = useDataProvider<AppDataProvider>();
  const { mutate: upload, isPending: busy } = useMutation({
    mutationFn: (file: File) => dataProvider.uploadAvatar(file),
    onSuccess: (uploaded) => {
      onChange({ hash: uploaded.hash, url: uploaded.avatar_url });
      notify('profile.notify.uploaded', { type: 'info' });
    },
    onError: (error: Error) => notify(error.message, { type: 'error' }),
    onSettled: () => {
      if (input.current) input.current.value = '';
    },
  });

  const pick = (file: File | undefined) => {
    if (!file) return;
    const problem = avatarProblem(file);
    if (problem) {
      notify(problem === 'type' ? 'profile.errors.avatar_type' : 'profile.errors.avatar_size', {
        type: 'error',
      });
      return;
    }
    upload(file);
  };

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
      <Avatar src={url ?? undefined} sx={{ width: 72, height: 72, fontSize: 28 }} alt="">
        {initials}
      </Avatar>
      <div>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button
            variant="outlined"
            size="small"
            startIcon={busy ? <CircularProgress size={16} /> : <PhotoCameraIcon />}
            disabled={disabled || busy}
            onClick={() => input.current?.click()}
          >
            {translate('profile.actions.upload')}
          </Button>
          {url && (
            <Button size="small" disabled={disabled || busy} onClick={() => onChange(null)}>
              {translate('profile.actions.remove_avatar')}
            </Button>
          )}
        </Box>
        <Typography variant="caption" color="text.secondary">
          {translate('profile.helpers.avatar')}
        </Typography>
        <input
          ref={input}
          type="file"
          accept="image/png,image/jpeg,image/webp"
          hidden
          data-testid="avatar-file"
          onChange={(event) => pick(event.target.files?.[0])}
        />
      </div>
    </Box>
  );
}
