import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import UploadIcon from '@mui/icons-material/Upload';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useDataProvider, useTranslate } from 'react-admin';
import { FilePickButton } from '../../components/FilePickButton';
import { useUploadOnPick } from '../../hooks/useUploadOnPick';
import type { AppDataProvider } from '../../providers/dataProvider';

/** Matches the server's limit, so an oversized file is refused before it is sent. */
const MAX_LOGO_BYTES = 2 * 1024 * 1024;
const ACCEPT = 'image/png,image/svg+xml,image/jpeg,image/webp';

interface LogoSettingProps {
  value: string;
  tenantName: string;
  disabled: boolean;
  onChange: (value: string) => void;
}

/** Theme setting 1: upload a logo (checked and stored by the server) or go back to the tenant's name. */
export function LogoSetting({ value, tenantName, disabled, onChange }: LogoSettingProps) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { pick, busy } = useUploadOnPick({
    problem: (file) => (file.size > MAX_LOGO_BYTES ? 'theme.logo.too_large' : undefined),
    upload: (file) => dataProvider.uploadLogo(file),
    onUploaded: onChange,
    uploaded: 'theme.logo.uploaded',
  });

  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
      <Box
        sx={{
          width: 180,
          height: 64,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          border: '1px dashed rgba(0,0,0,0.24)',
          borderRadius: 1.5,
          p: 1,
        }}
      >
        {value ? (
          <Box
            component="img"
            src={value}
            alt={translate('theme.logo.alt', { name: tenantName })}
            sx={{ maxHeight: '100%', maxWidth: '100%', objectFit: 'contain' }}
          />
        ) : (
          <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
            {translate('theme.logo.none', { name: tenantName })}
          </Typography>
        )}
      </Box>
      <Stack spacing={1}>
        <Stack direction="row" spacing={1}>
          <FilePickButton
            label={translate('theme.logo.upload')}
            accept={ACCEPT}
            variant="outlined"
            startIcon={busy ? <CircularProgress size={16} /> : <UploadIcon />}
            disabled={disabled || busy}
            onFiles={pick}
            inputTestId="logo-input"
          />
          <Button
            color="inherit"
            startIcon={<DeleteOutlineIcon />}
            disabled={disabled || busy || value === ''}
            onClick={() => onChange('')}
          >
            {translate('theme.logo.remove')}
          </Button>
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {translate('theme.logo.help')}
        </Typography>
      </Stack>
    </Stack>
  );
}
