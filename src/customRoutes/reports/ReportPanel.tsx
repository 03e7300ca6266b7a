import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { ChartBox } from './ChartBox';

/**
 * One outlined panel of a report view, under its h2 (the page title is the h1): a chart named by
 * the panel's title, when there is one, above what the panel holds (the same figures as text).
 */
export function ReportPanel({
  title,
  chart,
  children,
}: {
  title: string;
  chart?: { height: number; drawing: ReactNode };
  children: ReactNode;
}) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1, sm: 2 } }}>
      <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      {chart && (
        <ChartBox height={chart.height} label={title}>
          {chart.drawing}
        </ChartBox>
      )}
      {children}
    </Paper>
  );
}

/** How tall a chart of bars across must be to give each of `rows` a readable line. */
export const barsAcrossHeight = (rows: number, perRow: number) => Math.max(200, rows * perRow + 60);
