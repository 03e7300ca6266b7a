import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useTranslate } from 'react-admin';
import type { ImportCheckReport } from '../../../contract/api/imports';

/** What the check found, in counts, and the columns the import will not read. */
export function CheckSummary({ report }: { report: ImportCheckReport }) {
  const translate = useTranslate();
  return (
    <Stack spacing={1}>
      <Stack
        direction="row"
        useFlexGap
        sx={{ gap: 1, flexWrap: 'wrap' }}
        aria-label={translate('imports.report.summary')}
        data-testid="import-check-counts"
      >
        <Chip
          size="small"
          color="success"
          label={translate('imports.counts.create', { smart_count: report.create })}
        />
        <Chip
          size="small"
          color="info"
          label={translate('imports.counts.update', { smart_count: report.update })}
        />
        <Chip
          size="small"
          variant="outlined"
          label={translate('imports.counts.unchanged', { smart_count: report.unchanged })}
        />
        <Chip
          size="small"
          color={report.error_rows > 0 ? 'error' : 'default'}
          variant={report.error_rows > 0 ? 'filled' : 'outlined'}
          label={translate('imports.counts.error_rows', { smart_count: report.error_rows })}
        />
      </Stack>
      {report.ignored_columns.length > 0 && (
        <Alert severity="info">
          {translate('imports.report.ignored', {
            smart_count: report.ignored_columns.length,
            columns: report.ignored_columns.join(', '),
          })}
        </Alert>
      )}
    </Stack>
  );
}
