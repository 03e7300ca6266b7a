import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { percent } from '../reports/format';

/** Where a card's one button leads, and its words (an i18n key). */
export type CardLink = { to: string; label: string };

/** One card of the dashboard: a titled region with at most one way on. */
export function FigureCard({
  title,
  children,
  link,
}: {
  title: string;
  children: ReactNode;
  link?: CardLink;
}) {
  const translate = useTranslate();
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 0.5, minWidth: 0 }}
      component="section"
      aria-label={title}
    >
      <Typography variant="overline" color="text.secondary" sx={{ lineHeight: 1.6 }}>
        {title}
      </Typography>
      {children}
      {link && (
        <Box sx={{ mt: 'auto', pt: 1 }}>
          <Button component={Link} to={link.to} size="small">
            {translate(link.label)}
          </Button>
        </Box>
      )}
    </Paper>
  );
}

/** A card's headline figure. */
export function Big({ children, colour }: { children: ReactNode; colour?: string }) {
  return (
    <Typography
      variant="h4"
      component="p"
      color={colour}
      sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 500 }}
    >
      {children}
    </Typography>
  );
}

/**
 * This week's rate against last week's, with the change in points: the comparison under the
 * number, on one line where it fits, so a quarter-width card does not squeeze it into a column.
 */
export function Compare({ now, before }: { now: number | null; before: number | null }) {
  const translate = useTranslate();
  if (now === null) return <Big>—</Big>;
  const change = before === null ? null : Math.round((now - before) * 100);
  return (
    <>
      <Big>{percent(now)}</Big>
      <Stack direction="row" sx={{ alignItems: 'baseline', columnGap: 1, flexWrap: 'wrap' }}>
        {change !== null && change !== 0 && (
          <Typography
            variant="body2"
            color={change > 0 ? 'success.main' : 'error.main'}
            sx={{ display: 'flex', alignItems: 'center', alignSelf: 'center', whiteSpace: 'nowrap' }}
          >
            {change > 0 ? <ArrowUpwardIcon fontSize="inherit" /> : <ArrowDownwardIcon fontSize="inherit" />}
            {translate('dashboard.points', { smart_count: Math.abs(change) })}
          </Typography>
        )}
        {before !== null && (
          <Typography variant="caption" color="text.secondary">
            {translate('dashboard.last_week', { value: percent(before) })}
          </Typography>
        )}
      </Stack>
    </>
  );
}
