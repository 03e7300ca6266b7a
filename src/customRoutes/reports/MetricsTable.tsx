import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import type { Metrics } from '../../../contract/api/reports';
import { percent } from './format';

export interface MetricsLine extends Metrics {
  key: string | number;
  label: ReactNode;
}

const COUNT_COLUMNS = [
  'assigned',
  'done',
  'on_time',
  'late',
  'overdue',
  'expired',
  'cannot_do',
  'waiting',
] as const;
const RATE_COLUMNS = ['completion_rate', 'on_time_rate', 'first_time_right_rate'] as const;
/** On phones the table keeps what the chart shows; the rest is a scroll away. */
const DESKTOP_ONLY = new Set<string>(['late', 'expired', 'cannot_do', 'waiting', 'on_time']);

/** The figures behind a chart, one line per group, in the chart's order. */
export function MetricsTable({
  lines,
  nameLabel,
  onOpen,
}: {
  lines: readonly MetricsLine[];
  nameLabel: string;
  onOpen?: (key: string | number) => void;
}) {
  const translate = useTranslate();
  return (
    // A table wider than a phone scrolls sideways: focusable and named, so the keyboard can too.
    <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={nameLabel}>
      <Table size="small" aria-label={nameLabel}>
        <TableHead>
          <TableRow>
            <TableCell>{nameLabel}</TableCell>
            {COUNT_COLUMNS.map((c) => (
              <TableCell
                key={c}
                align="right"
                sx={{ display: { xs: DESKTOP_ONLY.has(c) ? 'none' : 'table-cell', md: 'table-cell' } }}
              >
                {translate(`reports.metrics.${c}`)}
              </TableCell>
            ))}
            {RATE_COLUMNS.map((c) => (
              <TableCell key={c} align="right">
                {translate(`reports.metrics.${c}`)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {lines.map((line) => (
            <TableRow
              key={line.key}
              hover={onOpen !== undefined}
              onClick={onOpen ? () => onOpen(line.key) : undefined}
              sx={{ cursor: onOpen ? 'pointer' : undefined }}
            >
              <TableCell sx={{ minWidth: 140 }}>{line.label}</TableCell>
              {COUNT_COLUMNS.map((c) => (
                <TableCell
                  key={c}
                  align="right"
                  sx={{
                    display: { xs: DESKTOP_ONLY.has(c) ? 'none' : 'table-cell', md: 'table-cell' },
                    fontVariantNumeric: 'tabular-nums',
                  }}
                >
                  {line[c]}
                </TableCell>
              ))}
              {RATE_COLUMNS.map((c) => (
                <TableCell
                  key={c}
                  align="right"
                  sx={{
                    fontVariantNumeric: 'tabular-nums',
                    fontWeight: c === 'completion_rate' ? 600 : undefined,
                  }}
                >
                  {percent(line[c])}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
