import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { AuditStoreRow, AuditTaskRow } from '../../../contract/api/audit';
import { TaskTypeIcon } from '../../components/TaskTypeIcon';
import { waitingFor } from './waitingFor';

type Row = AuditTaskRow | AuditStoreRow;
const isTask = (row: Row): row is AuditTaskRow => 'title' in row;

/** The queue: one line per task (or workspace) with what waits and for how long. */
export function QueueTable({
  rows,
  total,
  page,
  perPage,
  selected,
  onSelect,
  onPage,
  nameLabel,
  compact,
}: {
  rows: readonly Row[];
  total: number;
  page: number;
  perPage: number;
  selected: number | undefined;
  onSelect: (id: number) => void;
  onPage: (page: number) => void;
  nameLabel: string;
  /** Beside the submissions: only the name, what waits and since when. */
  compact: boolean;
}) {
  const translate = useTranslate();
  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={nameLabel}>
          <TableHead>
            <TableRow>
              <TableCell>{nameLabel}</TableCell>
              <TableCell align="right">{translate('audit.columns.waiting')}</TableCell>
              <TableCell align="right" sx={{ display: { xs: 'none', sm: compact ? 'none' : 'table-cell' } }}>
                {translate('audit.columns.approved')}
              </TableCell>
              <TableCell align="right" sx={{ display: { xs: 'none', sm: compact ? 'none' : 'table-cell' } }}>
                {translate('audit.columns.rejected')}
              </TableCell>
              <TableCell align="right">{translate('audit.columns.oldest')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow
                key={row.id}
                hover
                selected={row.id === selected}
                onClick={() => onSelect(row.id)}
                sx={{ cursor: 'pointer', '& td': { py: 1.25 } }}
                data-testid="audit-queue-row"
              >
                <TableCell sx={{ minWidth: 200, maxWidth: 360 }}>
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
                    {isTask(row) && (
                      <TaskTypeIcon
                        name={row.type.icon}
                        fontSize="small"
                        style={{ color: row.type.colour }}
                      />
                    )}
                    <Box sx={{ minWidth: 0 }}>
                      <Typography
                        component="button"
                        variant="body2"
                        onClick={() => onSelect(row.id)}
                        sx={{
                          all: 'unset',
                          fontWeight: 500,
                          overflowWrap: 'anywhere',
                          '&:focus-visible': { outline: 2, outlineColor: 'primary.main' },
                        }}
                      >
                        {isTask(row) ? row.title : row.name}
                      </Typography>
                      <Typography variant="caption" color="text.secondary" component="div" noWrap>
                        {isTask(row)
                          ? [row.type.name, row.department?.name].filter(Boolean).join(' · ')
                          : row.parent_path}
                      </Typography>
                    </Box>
                  </Box>
                </TableCell>
                <TableCell align="right">
                  <Chip
                    size="small"
                    label={row.waiting}
                    color={row.waiting > 0 ? 'warning' : 'default'}
                    variant={row.waiting > 0 ? 'filled' : 'outlined'}
                  />
                </TableCell>
                <TableCell
                  align="right"
                  sx={{ display: { xs: 'none', sm: compact ? 'none' : 'table-cell' } }}
                >
                  {row.approved}
                </TableCell>
                <TableCell
                  align="right"
                  sx={{ display: { xs: 'none', sm: compact ? 'none' : 'table-cell' } }}
                >
                  {row.rejected}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {row.oldest_waiting_at ? waitingFor(row.oldest_waiting_at) : '—'}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      <TablePagination
        component="div"
        count={total}
        page={page - 1}
        rowsPerPage={perPage}
        rowsPerPageOptions={[perPage]}
        onPageChange={(_, next) => onPage(next + 1)}
      />
    </Paper>
  );
}
