import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useTranslate } from 'react-admin';
import type { ImportCheckReport } from '../../../contract/api/imports';
import { StateChip } from '../../components/StateChip';

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
        <StateChip label="imports.counts.create" args={{ smart_count: report.create }} color="success" />
        <StateChip label="imports.counts.update" args={{ smart_count: report.update }} color="info" />
        <StateChip
          label="imports.counts.unchanged"
          args={{ smart_count: report.unchanged }}
          color="default"
          outlined
        />
        <StateChip
          label="imports.counts.error_rows"
          args={{ smart_count: report.error_rows }}
          color={report.error_rows > 0 ? 'error' : 'default'}
          outlined={report.error_rows <= 0}
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
