import { alpha } from '@mui/material/styles';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useMemo } from 'react';
import { useTranslate } from 'react-admin';
import type { ImportCheckReport } from '../../../contract/api/imports';
import { ActionChip } from './ImportChips';
import { ReportTable } from './ReportTable';

/** The problems of each cell, by row number and column. */
function problemsByCell(report: ImportCheckReport): Map<string, string[]> {
  const cells = new Map<string, string[]>();
  for (const error of report.errors) {
    const key = `${error.row}:${error.column}`;
    cells.set(key, [...(cells.get(key) ?? []), error.message]);
  }
  return cells;
}

/**
 * The first rows of the file as the check read them, each with what a run would do with it. A cell
 * with a problem is marked and says it on hover (the error list says it for every row).
 */
export function PreviewTable({ report }: { report: ImportCheckReport }) {
  const translate = useTranslate();
  const problems = useMemo(() => problemsByCell(report), [report]);
  const title = translate('imports.report.preview_title');
  return (
    <ReportTable
      title={title}
      note={
        report.rows > report.preview.length
          ? translate('imports.report.preview_some', { shown: report.preview.length, total: report.rows })
          : undefined
      }
      maxHeight={480}
      tableSx={{ '& td, & th': { whiteSpace: 'nowrap' } }}
    >
      <TableHead>
        <TableRow>
          <TableCell>{translate('imports.report.row')}</TableCell>
          <TableCell>{translate('imports.report.action')}</TableCell>
          {report.columns.map((column) => (
            <TableCell key={column} sx={{ fontFamily: 'monospace', fontSize: 13 }}>
              {column}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {report.preview.map((row) => (
          <TableRow key={row.row} data-testid="import-preview-row">
            <TableCell>{row.row}</TableCell>
            <TableCell>
              <ActionChip action={row.action} />
            </TableCell>
            {report.columns.map((column) => {
              const messages = problems.get(`${row.row}:${column}`);
              return (
                <TableCell
                  key={column}
                  title={messages?.join('\n')}
                  aria-invalid={messages ? true : undefined}
                  sx={
                    messages
                      ? (theme) => ({
                          bgcolor: alpha(theme.palette.error.main, 0.1),
                          color: 'error.dark',
                          boxShadow: `inset 0 -2px 0 ${theme.palette.error.main}`,
                        })
                      : { maxWidth: 280, overflow: 'hidden', textOverflow: 'ellipsis' }
                  }
                >
                  {row.values[column] ?? ''}
                </TableCell>
              );
            })}
          </TableRow>
        ))}
      </TableBody>
    </ReportTable>
  );
}
