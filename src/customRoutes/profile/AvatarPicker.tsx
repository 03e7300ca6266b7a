import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useDataProvider, useTranslate } from 'react-admin';
import { FilePickButton } from '../../components/FilePickButton';
import { useUploadOnPick } from '../../hooks/useUploadOnPick';
import type { AppDataProvider } from '../../providers/dataProvider';

const MAX_AVATAR_BYTES = 5 * 1024 * 1024;
const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp'];

/** Checked here too so a wrong file fails at once; the server decides by content, not type. */
function avatarProblem(file: File): string | undefined {
  if (file.type && !AVATAR_TYPES.includes(file.type)) return 'profile.errors.avatar_type';
  if (file.size > MAX_AVATAR_BYTES) return 'profile.errors.avatar_size';
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
  const dataProvider = useDataProvider<AppDataProvider>();
  const { pick, busy } = useUploadOnPick({
    problem: avatarProblem,
    upload: (file) => dataProvider.uploadAvatar(file),
    onUploaded: (uploaded) => onChange({ hash: uploaded.hash, url: uploaded.avatar_url }),
    uploaded: 'profile.notify.uploaded',
  });

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
      <Avatar src={url ?? undefined} sx={{ width: 72, height: 72, fontSize: 28 }} alt="">
        {initials}
      </Avatar>
      <div>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <FilePickButton
            label={translate('profile.actions.upload')}
            accept={AVATAR_TYPES.join(',')}
            variant="outlined"
            size="small"
            startIcon={busy ? <CircularProgress size={16} /> : <PhotoCameraIcon />}
            disabled={disabled || busy}
            onFiles={pick}
            inputTestId="avatar-file"
          />
          {url && (
            <Button size="small" disabled={disabled || busy} onClick={() => onChange(null)}>
              {translate('profile.actions.remove_avatar')}
            </Button>
          )}
        </Box>
        <Typography variant="caption" color="text.secondary">
          {translate('profile.helpers.avatar')}
        </Typography>
      </div>
    </Box>
  );
}
