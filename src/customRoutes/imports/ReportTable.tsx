import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import type { SxProps, Theme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/**
 * A titled part of the check report (its problems, its first rows): a table that scrolls under its
 * header, and a note when the report holds more than the table shows.
 */
export function ReportTable({
  title,
  titleColour,
  note,
  maxHeight,
  tableSx,
  children,
}: {
  title: string;
  titleColour?: string;
  note?: string;
  maxHeight: number;
  tableSx?: SxProps<Theme>;
  /** The table's head and body. */
  children: ReactNode;
}) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ overflow: 'hidden' }}>
      <Box sx={{ px: 2, pt: 1.5, pb: 1 }}>
        <Typography variant="subtitle1" component="h2" color={titleColour}>
          {title}
        </Typography>
        {note !== undefined && (
          <Typography variant="caption" color="text.secondary">
            {note}
          </Typography>
        )}
      </Box>
      <Box sx={{ maxHeight, overflow: 'auto' }}>
        <Table size="small" stickyHeader aria-label={title} sx={tableSx}>
          {children}
        </Table>
      </Box>
    </Paper>
  );
}
