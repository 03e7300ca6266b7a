import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { translate } from '../i18n/translate';

/** Shown while the session is verified or the app chunk loads. */
export function LoadingScreen() {
  return (
    <Box
      role="progressbar"
      aria-label={translate('app.loading')}
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', fontFamily: 'system-ui, sans-serif' }}
    >
      <Box sx={{ textAlign: 'center' }}>
        <CircularProgress sx={{ color: 'var(--sl-primary, #6b4fbb)' }} />
        <Typography variant="body2" sx={{ mt: 2, color: '#5f5a6e' }}>
          {translate('app.loading')}
        </Typography>
      </Box>
    </Box>
  );
}
