import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslate } from 'react-admin';
import type { ImportError } from '../../../contract/api/imports';
import { ReportTable } from './ReportTable';

/** Every problem the check found, by row then column, each as a sentence to act on. */
export function ErrorList({ errors, total }: { errors: readonly ImportError[]; total: number }) {
  const translate = useTranslate();
  const title = translate('imports.report.errors_title', { smart_count: total });
  return (
    <ReportTable
      title={title}
      titleColour="error"
      note={
        total > errors.length
          ? translate('imports.report.errors_more', { shown: errors.length, total })
          : undefined
      }
      maxHeight={320}
    >
      <TableHead>
        <TableRow>
          <TableCell sx={{ width: 64 }}>{translate('imports.report.row')}</TableCell>
          <TableCell sx={{ width: { xs: 96, sm: 160 } }}>{translate('imports.report.column')}</TableCell>
          <TableCell>{translate('imports.report.problem')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {errors.map((error, i) => (
          // One cell can have several problems; their order is the report's.
          // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders
          <TableRow key={i} data-testid="import-error">
            <TableCell>{error.row}</TableCell>
            <TableCell sx={{ overflowWrap: 'anywhere', fontFamily: 'monospace', fontSize: 13 }}>
              {error.column}
            </TableCell>
            <TableCell>{error.message}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </ReportTable>
  );
}
