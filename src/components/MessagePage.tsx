import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Title } from 'react-admin';
import { useDocumentTitle } from '../hooks/useDocumentTitle';

interface MessagePageProps {
  title: string;
  heading: string;
  body: ReactNode;
  icon: ReactNode;
  action?: ReactNode;
  testId?: string;
}

/** The card every message page (coming soon, under development, forbidden, not found) shares. */
export function MessagePage({ title, heading, body, icon, action, testId }: MessagePageProps) {
  useDocumentTitle(title);
  return (
    <Box sx={{ py: { xs: 1, sm: 3 }, px: { xs: 0, sm: 1 } }} data-testid={testId}>
      <Title title={title} />
      <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
        {title}
      </Typography>
      <Card>
        <CardContent sx={{ p: { xs: 3, sm: 5 } }}>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={3}
            sx={{ alignItems: { xs: 'flex-start', sm: 'center' } }}
          >
            <Box
              sx={{
                flexShrink: 0,
                width: 72,
                height: 72,
                borderRadius: '50%',
                display: 'grid',
                placeItems: 'center',
                color: 'primary.main',
                bgcolor: (theme) => alpha(theme.palette.primary.main, 0.1),
                '& svg': { fontSize: 36 },
              }}
            >
              {icon}
            </Box>
            <Box>
              <Typography variant="h6" component="h2" gutterBottom>
                {heading}
              </Typography>
              <Typography variant="body1" color="text.secondary" sx={{ maxWidth: 640 }}>
                {body}
              </Typography>
              {action && <Box sx={{ mt: 2.5 }}>{action}</Box>}
            </Box>
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
}
