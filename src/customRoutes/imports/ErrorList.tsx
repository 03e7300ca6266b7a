import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { ImportError } from '../../../contract/api/imports';

/** Every problem the check found, by row then column, each as a sentence to act on. */
export function ErrorList({ errors, total }: { errors: readonly ImportError[]; total: number }) {
  const translate = useTranslate();
  const title = translate('imports.report.errors_title', { smart_count: total });
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ overflow: 'hidden' }}>
      <Box sx={{ px: 2, pt: 1.5, pb: 1 }}>
        <Typography variant="subtitle1" component="h2" color="error">
          {title}
        </Typography>
        {total > errors.length && (
          <Typography variant="caption" color="text.secondary">
            {translate('imports.report.errors_more', { shown: errors.length, total })}
          </Typography>
        )}
      </Box>
      <Box sx={{ maxHeight: 320, overflow: 'auto' }}>
        <Table size="small" stickyHeader aria-label={title}>
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
        </Table>
      </Box>
    </Paper>
  );
}
