import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect } from 'react';
import { translate } from '../../i18n/translate';

const HIGHLIGHTS = [
  'Send tasks and news to every store in seconds',
  'See completion and compliance as it happens',
  'Audit evidence and coach your teams',
];

interface EntryLayoutProps {
  title: string;
  subtitle?: string;
  children: ReactNode;
}

/** The entry layout of spec §2: no app bar, a brand panel and one card with the form. */
export function EntryLayout({ title, subtitle, children }: EntryLayoutProps) {
  useEffect(() => {
    document.title = `${title} · Storeline`;
  }, [title]);
  return (
    <Box
      className="sl-entry-layout"
      sx={{
        minHeight: '100vh',
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: 'minmax(360px, 5fr) 7fr' },
        // On phones the brand strip keeps its own height and the form takes the rest.
        gridTemplateRows: { xs: 'auto 1fr', md: '1fr' },
        bgcolor: 'background.default',
      }}
    >
      <Box
        component="aside"
        sx={{
          display: 'flex',
          flexDirection: 'column',
          justifyContent: { xs: 'center', md: 'space-between' },
          px: { xs: 3, md: 6 },
          py: { xs: 2.5, md: 6 },
          color: 'var(--sl-text-bg-primary)',
          background: 'linear-gradient(160deg, var(--sl-bg-primary) 0%, var(--sl-bg-primary-darken-20) 100%)',
        }}
      >
        <Typography component="p" variant="h5" sx={{ fontWeight: 700, letterSpacing: '-0.02em' }}>
          {translate('app.name')}
        </Typography>
        <Box sx={{ display: { xs: 'none', md: 'block' } }}>
          <Typography variant="h4" component="p" sx={{ mb: 3, maxWidth: 420, lineHeight: 1.25 }}>
            {translate('app.tagline')}
          </Typography>
          <Stack spacing={1.5}>
            {HIGHLIGHTS.map((line) => (
              <Stack key={line} direction="row" spacing={1.5} sx={{ alignItems: 'center', opacity: 0.92 }}>
                <CheckCircleOutlineIcon fontSize="small" />
                <Typography variant="body1">{line}</Typography>
              </Stack>
            ))}
          </Stack>
        </Box>
        <Typography variant="caption" sx={{ display: { xs: 'none', md: 'block' }, opacity: 0.7 }}>
          © Storeline
        </Typography>
      </Box>
      <Box
        component="main"
        sx={{
          display: 'flex',
          alignItems: { xs: 'flex-start', sm: 'center' },
          justifyContent: 'center',
          p: { xs: 2, sm: 4 },
        }}
      >
        <Card
          sx={{
            width: '100%',
            maxWidth: 440,
            borderRadius: 3,
            boxShadow: '0 12px 40px rgba(20, 16, 40, 0.08)',
          }}
        >
          <CardContent sx={{ p: { xs: 3, sm: 4 }, '&:last-child': { pb: { xs: 3, sm: 4 } } }}>
            <Typography variant="h5" component="h1" gutterBottom>
              {title}
            </Typography>
            {subtitle && (
              <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                {subtitle}
              </Typography>
            )}
            {children}
          </CardContent>
        </Card>
      </Box>
    </Box>
  );
}
