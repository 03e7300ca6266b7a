import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';

/**
 * A chart as one picture for a screen reader: named by its title and pointing to the table (or
 * report) that holds the same figures as text, the accessible alternative (WCAG 1.1.1). The
 * chart's own drawing is not read out line by line.
 */
export function ChartBox({
  height,
  label,
  alternative = 'reports.chart_alternative',
  children,
}: {
  height: number;
  label: string;
  alternative?: string;
  children: ReactNode;
}) {
  const translate = useTranslate();
  return (
    <Box role="img" aria-label={`${label}. ${translate(alternative)}`} sx={{ height }}>
      {children}
    </Box>
  );
}
