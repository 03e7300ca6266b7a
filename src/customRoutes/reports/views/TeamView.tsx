import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { BarChart } from '@mui/x-charts/BarChart';
import { useTranslate } from 'react-admin';
import type { TeamReport } from '../../../../contract/api/reports';
import { percent } from '../format';
import { barsAcrossHeight, ReportPanel } from '../ReportPanel';

const CHARTED = 20;

/** Per person: what they completed, how much on time and right first time, and what they read. */
export function TeamView({ data }: { data: TeamReport }) {
  const translate = useTranslate();
  const charted = data.rows.slice(0, CHARTED);
  const columns = ['completed', 'on_time', 'first_time_right', 'rejected', 'acknowledged'] as const;
  return (
    <ReportPanel
      title={translate('reports.team_title', { smart_count: charted.length })}
      chart={{
        height: barsAcrossHeight(charted.length, 32),
        drawing: (
          <BarChart
            layout="horizontal"
            dataset={charted.map((r) => ({
              name: r.name,
              completed: r.completed,
              ftr: r.first_time_right,
              rejected: r.rejected,
            }))}
            yAxis={[{ scaleType: 'band', dataKey: 'name', width: 140 }]}
            series={[
              { dataKey: 'completed', label: translate('reports.people.completed') },
              { dataKey: 'ftr', label: translate('reports.people.first_time_right') },
              { dataKey: 'rejected', label: translate('reports.people.rejected') },
            ]}
          />
        ),
      }}
    >
      {/* Scrolls sideways on a phone: focusable and named, so the keyboard can scroll it too. */}
      <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={translate('reports.person')}>
        <Table size="small" aria-label={translate('reports.person')}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('reports.person')}</TableCell>
              {columns.map((c) => (
                <TableCell key={c} align="right">
                  {translate(`reports.people.${c}`)}
                </TableCell>
              ))}
              <TableCell align="right">{translate('reports.metrics.on_time_rate')}</TableCell>
              <TableCell align="right">{translate('reports.metrics.first_time_right_rate')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.rows.map((r) => (
              <TableRow key={r.id}>
                <TableCell>{r.name}</TableCell>
                {columns.map((c) => (
                  <TableCell key={c} align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                    {r[c]}
                  </TableCell>
                ))}
                <TableCell align="right">{percent(r.on_time_rate)}</TableCell>
                <TableCell align="right">{percent(r.first_time_right_rate)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </ReportPanel>
  );
}
