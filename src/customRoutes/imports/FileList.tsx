import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useLocaleState, useTranslate } from 'react-admin';
import type { ImportFile } from '../../../contract/api/imports';
import { useZonedTime } from '../../hooks/useZonedTime';
import { fileSize } from '../../providers/fileSize';
import { FileStateChip, RunStateChip } from './ImportChips';

const WIDE = { display: { xs: 'none', md: 'table-cell' } } as const;

/** The check's counts in a line: what a run would create, update, leave, and the rows in error. */
function CheckCounts({
  check,
  variant = 'body2',
}: {
  check: ImportFile['check'];
  variant?: 'body2' | 'caption';
}) {
  const translate = useTranslate();
  if (!check) return <>—</>;
  const parts = [
    translate('imports.counts.create', { smart_count: check.create }),
    translate('imports.counts.update', { smart_count: check.update }),
    translate('imports.counts.unchanged', { smart_count: check.unchanged }),
  ];
  return (
    <Typography variant={variant} component="span">
      {parts.join(' · ')}
      {check.error_rows > 0 && (
        <Typography component="span" variant={variant} color="error" sx={{ fontWeight: 500 }}>
          {' · '}
          {translate('imports.counts.error_rows', { smart_count: check.error_rows })}
        </Typography>
      )}
    </Typography>
  );
}

/** The uploaded files, newest first: who sent each and when, what its check found, its last run. */
export function FileList({
  files,
  onOpen,
}: {
  files: readonly ImportFile[];
  onOpen: (filename: string) => void;
}) {
  const translate = useTranslate();
  // Numbers in the reader's language (issue 31): 50,000 in English, 50 000 in French.
  const [locale] = useLocaleState();
  const { dateTime } = useZonedTime();
  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={translate('imports.files.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('imports.files.file')}</TableCell>
              <TableCell sx={WIDE}>{translate('imports.files.uploaded')}</TableCell>
              <TableCell align="right" sx={WIDE}>
                {translate('imports.files.rows')}
              </TableCell>
              <TableCell sx={WIDE}>{translate('imports.files.check')}</TableCell>
              <TableCell>{translate('imports.files.state')}</TableCell>
              <TableCell sx={WIDE}>{translate('imports.files.last_run')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {files.map((file) => (
              <TableRow
                key={file.filename}
                hover
                onClick={() => onOpen(file.filename)}
                sx={{ cursor: 'pointer', '& td': { py: 1.25, verticalAlign: 'top' } }}
                data-testid="import-file-row"
              >
                <TableCell sx={{ minWidth: 180 }}>
                  <Typography
                    component="button"
                    variant="body2"
                    onClick={(event) => {
                      event.stopPropagation();
                      onOpen(file.filename);
                    }}
                    sx={{
                      all: 'unset',
                      fontWeight: 500,
                      overflowWrap: 'anywhere',
                      cursor: 'pointer',
                      '&:focus-visible': { outline: 2, outlineColor: 'primary.main' },
                    }}
                  >
                    {file.filename}
                  </Typography>
                  <Typography variant="caption" color="text.secondary" component="div">
                    {file.format.toUpperCase()} · {fileSize(file.size)}
                  </Typography>
                  {/* On a narrow screen the other columns fold in here. */}
                  <Typography
                    variant="caption"
                    color="text.secondary"
                    component="div"
                    sx={{ display: { md: 'none' } }}
                  >
                    {translate('imports.files.by', {
                      name: file.uploaded_by,
                      when: dateTime(file.uploaded_at),
                    })}
                    {' · '}
                    {translate('imports.detail.rows', { smart_count: file.rows })}
                  </Typography>
                  <Box sx={{ display: { md: 'none' }, mt: 0.5 }}>
                    <CheckCounts check={file.check} variant="caption" />
                  </Box>
                </TableCell>
                <TableCell sx={WIDE}>
                  <Typography variant="body2">{file.uploaded_by}</Typography>
                  <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                    {dateTime(file.uploaded_at)}
                  </Typography>
                </TableCell>
                <TableCell align="right" sx={WIDE}>
                  {file.rows.toLocaleString(locale)}
                </TableCell>
                <TableCell sx={{ ...WIDE, minWidth: 200 }}>
                  <CheckCounts check={file.check} />
                </TableCell>
                <TableCell>
                  <FileStateChip state={file.state} />
                </TableCell>
                <TableCell sx={WIDE}>
                  {file.last_run ? (
                    <>
                      <RunStateChip state={file.last_run.state} />
                      <Typography
                        variant="caption"
                        color="text.secondary"
                        component="div"
                        sx={{ whiteSpace: 'nowrap', mt: 0.5 }}
                      >
                        {dateTime(file.last_run.finished_at ?? file.last_run.started_at)}
                      </Typography>
                    </>
                  ) : (
                    <Typography variant="body2" color="text.secondary">
                      {translate('imports.files.never')}
                    </Typography>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Paper>
  );
}
