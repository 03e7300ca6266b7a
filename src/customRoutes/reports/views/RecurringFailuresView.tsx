import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { InspectionRecurring, RecurringFailure } from '../../../../contract/api/inspections';
import { useIsMobile } from '../../../hooks/useIsMobile';
import { percent } from '../format';
import { ReportPanel } from '../ReportPanel';

type Translate = ReturnType<typeof useTranslate>;

/** The failures' share of the inspections that could fail the question. */
const shareOf = (row: RecurringFailure) =>
  percent(row.inspections === 0 ? null : row.failures / row.inspections);

const worstStores = (row: RecurringFailure, translate: Translate) =>
  row.worst_stores
    .map((s) => translate('inspections.recurring.worst_store', { name: s.name, failures: s.failures }))
    .join(', ');

/** The question, and under it its template and section. */
function QuestionName({ row, heading }: { row: RecurringFailure; heading?: boolean }) {
  const translate = useTranslate();
  return (
    <>
      <Typography variant="body2" component={heading ? 'h3' : 'div'} sx={{ fontWeight: 500 }}>
        {row.prompt}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="div">
        {translate('inspections.recurring.template_section', {
          template: row.template.name,
          section: row.section,
        })}
      </Typography>
    </>
  );
}

/** A phone's layout: one card per question, its figures in a sentence and where it failed most. */
function FailureCards({ rows, label }: { rows: readonly RecurringFailure[]; label: string }) {
  const translate = useTranslate();
  const t = (key: string) => translate(`inspections.recurring.${key}`);
  return (
    <Stack component="ol" spacing={1} aria-label={label} sx={{ m: 0, mt: 1, p: 0, listStyle: 'none' }}>
      {rows.map((row) => (
        <Paper
          component="li"
          key={`${row.template.id}-${row.question_id}`}
          variant="outlined"
          sx={{ p: 1.5 }}
        >
          <QuestionName row={row} heading />
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            {translate('inspections.recurring.failed_of', {
              failures: row.failures,
              inspections: row.inspections,
              share: shareOf(row),
            })}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('stores')}: {row.stores}
            {row.worst_stores.length > 0 && ` · ${t('worst_stores')}: ${worstStores(row, translate)}`}
          </Typography>
        </Paper>
      ))}
    </Stack>
  );
}

/** The questions that failed most often, most first: a table, or cards on a phone. */
export function RecurringFailuresView({ data }: { data: InspectionRecurring }) {
  const translate = useTranslate();
  const isMobile = useIsMobile();
  const t = (key: string) => translate(`inspections.recurring.${key}`);
  const title = translate('inspections.recurring.title', { name: data.node.name });
  return (
    <ReportPanel title={title}>
      <Typography variant="body2" color="text.secondary">
        {t('intro')}
      </Typography>
      {isMobile ? (
        <FailureCards rows={data.data} label={title} />
      ) : (
        <Box sx={{ overflowX: 'auto', mt: 1 }} tabIndex={0} role="region" aria-label={title}>
          <Table size="small" aria-label={title} data-testid="recurring-failures">
            <TableHead>
              <TableRow>
                <TableCell>{t('question')}</TableCell>
                <TableCell align="right">{t('failures')}</TableCell>
                <TableCell align="right">{t('inspections')}</TableCell>
                <TableCell align="right">{t('share')}</TableCell>
                <TableCell align="right">{t('stores')}</TableCell>
                <TableCell>{t('worst_stores')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.data.map((row) => (
                <TableRow key={`${row.template.id}-${row.question_id}`}>
                  <TableCell sx={{ minWidth: 200 }}>
                    <QuestionName row={row} />
                  </TableCell>
                  <TableCell align="right">{row.failures}</TableCell>
                  <TableCell align="right">{row.inspections}</TableCell>
                  <TableCell align="right">{shareOf(row)}</TableCell>
                  <TableCell align="right">{row.stores}</TableCell>
                  <TableCell>{worstStores(row, translate)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </ReportPanel>
  );
}
