import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { LineChart } from '@mui/x-charts/LineChart';
import { useTranslate } from 'react-admin';
import type { InspectionScores } from '../../../../contract/api/inspections';
import { Figure } from '../../../components/Figure';
import { scorePercent } from '../../../components/scorePercent';
import { useZonedTime } from '../../../hooks/useZonedTime';
import { ReportPanel } from '../ReportPanel';

/** Totals, the weekly average, and the places one level down with their averages. */
export function InspectionScoresView({
  data,
  onOpen,
}: {
  data: InspectionScores;
  onOpen: (id: number) => void;
}) {
  const translate = useTranslate();
  const { day } = useZonedTime();
  const t = (key: string, options?: Record<string, unknown>) =>
    translate(`reports.inspection_scores.${key}`, options);
  return (
    <Stack spacing={2}>
      <Stack direction="row" useFlexGap sx={{ gap: 2, flexWrap: 'wrap' }}>
        <Figure label="reports.inspection_scores.inspections">{data.totals.inspections}</Figure>
        <Figure label="reports.inspection_scores.average">{scorePercent(data.totals.average)}</Figure>
        <Figure label="reports.inspection_scores.failed_items">{data.totals.failed_items}</Figure>
      </Stack>
      <ReportPanel
        title={t('trend_title', { name: data.node.name })}
        chart={{
          height: 280,
          drawing: (
            <LineChart
              xAxis={[{ scaleType: 'point', data: data.trend.map((w) => day(w.week)) }]}
              yAxis={[{ min: 0, max: 100, valueFormatter: (v: number) => `${v}%` }]}
              series={[
                {
                  data: data.trend.map((w) => w.average),
                  label: t('average'),
                  color: '#1565c0',
                  connectNulls: true,
                },
              ]}
            />
          ),
        }}
      >
        <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={t('by_week')}>
          <Table size="small" aria-label={t('by_week')}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('reports.week_starting')}</TableCell>
                <TableCell align="right">{t('inspections')}</TableCell>
                <TableCell align="right">{t('average')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.trend.map((w) => (
                <TableRow key={w.week}>
                  <TableCell>{day(w.week)}</TableCell>
                  <TableCell align="right">{w.inspections}</TableCell>
                  <TableCell align="right">{scorePercent(w.average)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      </ReportPanel>
      {data.by_child.length > 0 && (
        <ReportPanel title={t('below', { name: data.node.name })}>
          <Box
            sx={{ overflowX: 'auto' }}
            tabIndex={0}
            role="region"
            aria-label={t('below', { name: data.node.name })}
          >
            <Table
              size="small"
              aria-label={t('below', { name: data.node.name })}
              data-testid="inspection-scores-children"
            >
              <TableHead>
                <TableRow>
                  <TableCell>{t('place')}</TableCell>
                  <TableCell align="right">{t('inspections')}</TableCell>
                  <TableCell align="right">{t('average')}</TableCell>
                  <TableCell align="right">{t('latest')}</TableCell>
                  <TableCell align="right">{t('failed_items')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.by_child.map((row) => (
                  <TableRow key={row.id}>
                    <TableCell>
                      {row.type === 'container' ? (
                        <Link component="button" type="button" onClick={() => onOpen(row.id)}>
                          {row.name}
                        </Link>
                      ) : (
                        row.name
                      )}
                    </TableCell>
                    <TableCell align="right">{row.inspections}</TableCell>
                    <TableCell align="right">{scorePercent(row.average)}</TableCell>
                    <TableCell align="right">{scorePercent(row.latest)}</TableCell>
                    <TableCell align="right">{row.failed_items}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        </ReportPanel>
      )}
    </Stack>
  );
}
