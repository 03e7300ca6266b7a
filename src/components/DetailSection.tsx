import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** One part of a task's details (instructions, checklist, files…), named by its small heading. */
export function DetailSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack spacing={0.75} component="section" aria-label={title}>
      <Typography variant="overline" color="text.secondary" sx={{ lineHeight: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Stack>
  );
}
